import { describe, expect, it, vi } from 'vitest';
import { dialogCloseGuard } from './close-guard';

describe('dialogCloseGuard', () => {
  it('ignores a click outside the dialog but closes on Escape', () => {
    const close = vi.fn();
    const onClose = dialogCloseGuard(close);
    onClose({}, 'backdropClick');
    expect(close).not.toHaveBeenCalled();
    onClose({}, 'escapeKeyDown');
    expect(close).toHaveBeenCalledTimes(1);
  });
});
