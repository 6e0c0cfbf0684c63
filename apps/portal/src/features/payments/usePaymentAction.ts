import { useState } from 'react';
import { useSnackbar } from '../../shared/feedback/SnackbarProvider';

/**
 * A payer's action on a payment (cancel, ask the bank again): runs it, says it worked or shows the API's
 * error, then reloads the payment's status. `busy` is true while it runs.
 */
export function usePaymentAction<T>(
  action: () => Promise<T>,
  doneMessage: string | ((result: T) => string),
  refresh: () => void,
) {
  const { showMessage, showError } = useSnackbar();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const result = await action();
      showMessage(typeof doneMessage === 'string' ? doneMessage : doneMessage(result), 'info');
    } catch (caught) {
      showError(caught);
    } finally {
      setBusy(false);
      refresh();
    }
  };
  return { busy, run };
}
