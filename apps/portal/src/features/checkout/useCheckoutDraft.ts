import { useCallback, useState } from 'react';
import { readDraft, saveDraft, type CheckoutDraft } from '../../shared/checkout/checkout-draft';

/** The checkout draft of this tab, kept in session storage as it changes. */
export function useCheckoutDraft(): [CheckoutDraft, (change: Partial<CheckoutDraft>) => void] {
  const [draft, setDraft] = useState<CheckoutDraft>(() => readDraft());
  const update = useCallback((change: Partial<CheckoutDraft>) => {
    setDraft((previous) => {
      const next = { ...previous, ...change };
      saveDraft(next);
      return next;
    });
  }, []);
  return [draft, update];
}
