import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { ROUTES } from '../../shared/routing/paths';
import type { CheckoutDraft } from '../../shared/checkout/checkout-draft';

/** Later checkout steps need the payer's details: without them the payer goes back to step 1. */
export function useCheckoutGuard(draft: CheckoutDraft): boolean {
  const navigate = useNavigate();
  const missing = draft.payer === null;
  useEffect(() => {
    if (missing) void navigate(ROUTES.checkout, { replace: true });
  }, [missing, navigate]);
  return !missing;
}
