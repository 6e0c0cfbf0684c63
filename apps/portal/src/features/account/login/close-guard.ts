/**
 * The login dialogs close only through their buttons or Escape: a click outside does not dismiss them
 * (spec section 2).
 */
export const dialogCloseGuard =
  (close: () => void) =>
  (_event: unknown, reason: 'backdropClick' | 'escapeKeyDown'): void => {
    if (reason !== 'backdropClick') close();
  };
