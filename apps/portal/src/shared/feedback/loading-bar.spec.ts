import { LOADING_BAR_DURATION_MS, LOADING_BAR_THROTTLE_MS } from '@councilpay/domain';
import { describe, expect, it } from 'vitest';
import { LOADING_BAR_CEILING, loadingBarState } from './loading-bar';

describe('loadingBarState', () => {
  it('shows nothing for a page that loads within the throttle', () => {
    expect(loadingBarState(0)).toEqual({ visible: false });
    expect(loadingBarState(LOADING_BAR_THROTTLE_MS - 1)).toEqual({ visible: false });
  });

  it('fills towards the ceiling over the loading-bar duration', () => {
    expect(loadingBarState(LOADING_BAR_THROTTLE_MS)).toEqual({ visible: true, value: 0 });
    expect(loadingBarState(LOADING_BAR_THROTTLE_MS + LOADING_BAR_DURATION_MS / 2)).toEqual({
      visible: true,
      value: LOADING_BAR_CEILING / 2,
    });
  });

  it('turns indeterminate once the duration has passed', () => {
    expect(loadingBarState(LOADING_BAR_THROTTLE_MS + LOADING_BAR_DURATION_MS)).toEqual({ visible: true, value: null });
  });
});
