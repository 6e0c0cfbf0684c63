/**
 * What the search form sends: the id normalised by its type's rule (the API normalises again), booking
 * ids URI-encoded, the plan type for engineering only; and the form's own checks before anything is sent.
 */
import {
  encodeBookingId,
  isAccountIdShape,
  normaliseAccountId,
  PLAN_TYPES,
  type PayableType,
  type PlanType,
  type SearchRequest,
} from '@councilpay/domain';

export interface SearchFormValues {
  council: string;
  type: PayableType;
  planType: PlanType;
  accountNo: string;
}

export type SearchFormError = 'field_required' | 'invalid_account_no';

export const DEFAULT_PLAN_TYPE: PlanType = PLAN_TYPES[0];

/** The form's verdict on the id typed: required, then it must be able to be an id. */
export function checkAccountNo(type: PayableType, typed: string): SearchFormError | null {
  if (!typed.trim()) return 'field_required';
  return isAccountIdShape(normaliseAccountId(type, typed)) ? null : 'invalid_account_no';
}

/** The POST /api/search body for the form's values (check them first). */
export function searchRequest(values: SearchFormValues): SearchRequest {
  const id = normaliseAccountId(values.type, values.accountNo);
  return {
    council: values.council,
    type: values.type,
    accountNo: values.type === 'booking' ? encodeBookingId(id) : id,
    ...(values.type === 'engineering' ? { planType: values.planType } : {}),
  };
}
