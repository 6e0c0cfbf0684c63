import type { PaymentState } from '@councilpay/domain';
import { ApiError } from '../../../http/api-error';
import type { LedgerResult } from '../../payment-ledger';

/** The gateway could not be asked, or its answer was refused: nothing changed, the payment is asked again. */
export interface GatewayUnavailable {
  reference: string;
  outcome: 'gateway_unavailable';
  from: PaymentState;
  to: PaymentState;
  /** The gateway error's code (gateway_unreachable, bad_checksum, mismatch ...). */
  reason: string;
}

/** What an enquiry came to: the ledger's result of applying the answer (or `not_found`), or no answer. */
export type RequeryResult = LedgerResult | GatewayUnavailable;

/** The HTTP refusal for an enquiry that did not come to a ledger result, or null. */
export function requeryRefusal(result: RequeryResult): ApiError | null {
  if (result.outcome === 'not_found') return new ApiError(404, 'not_found', 'Not Found!');
  if (result.outcome === 'gateway_unavailable') {
    return new ApiError(
      502,
      'gateway_unavailable',
      'The bank could not be asked just now. Please try again in a few minutes.',
    );
  }
  return null;
}
