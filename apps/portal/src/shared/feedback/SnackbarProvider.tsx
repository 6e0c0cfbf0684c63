import type { MessageKey } from '@councilpay/i18n';
import type { AlertColor } from '@mui/material/Alert';
import { createContext, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { messageKeyForError } from '../api/errors';
import { lazyComponent } from '../routing/lazyComponent';

// Loaded with the first message.
const SnackbarView = lazyComponent(() => import('./SnackbarView'), 'SnackbarView', { messages: 'core' });

export interface SnackbarApi {
  /** Shows a translated message (bottom right, coloured by severity, with an OK button). */
  showMessage: (message: string, severity?: AlertColor) => void;
  /** Shows the translation of an error's code, in the error colour. */
  showError: (error: unknown) => void;
}

interface Shown {
  id: number;
  /** A ready text, or a key translated when rendered (so it follows a language switch). */
  text: { message: string } | { key: MessageKey };
  severity: AlertColor;
}

const SnackbarContext = createContext<SnackbarApi | null>(null);

export function SnackbarProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<Shown | null>(null);
  const [open, setOpen] = useState(false);

  const show = useCallback((text: Shown['text'], severity: AlertColor) => {
    setShown((previous) => ({ id: (previous?.id ?? 0) + 1, text, severity }));
    setOpen(true);
  }, []);
  const showMessage = useCallback(
    (message: string, severity: AlertColor = 'info') => show({ message }, severity),
    [show],
  );
  const showError = useCallback((error: unknown) => show({ key: messageKeyForError(error) }, 'error'), [show]);
  const api = useMemo(() => ({ showMessage, showError }), [showMessage, showError]);

  return (
    <SnackbarContext.Provider value={api}>
      {children}
      {shown && (
        <Suspense fallback={null}>
          <SnackbarView
            id={shown.id}
            open={open}
            message={'key' in shown.text ? t(shown.text.key) : shown.text.message}
            severity={shown.severity}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </SnackbarContext.Provider>
  );
}

export function useSnackbar(): SnackbarApi {
  const api = useContext(SnackbarContext);
  if (!api) throw new Error('useSnackbar must be used inside <SnackbarProvider>');
  return api;
}
