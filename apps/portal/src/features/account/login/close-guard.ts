/**
 * The login dialogs close only through their buttons or Escape: a click outside does not dismiss them.
 */
export const dialogCloseGuard =
  (close: () => void) =>
  (_event: unknown, reason: 'backdropClick' | 'escapeKeyDown'): void => {
    if (reason !== 'backdropClick') close();
  };
