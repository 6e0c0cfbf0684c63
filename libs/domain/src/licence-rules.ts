/**
 * Whether a licence (trading licence or council permit/licence) may be renewed and paid online (spec
 * section 8). Search refuses such a licence with the message, and payment creation refuses it again, so
 * both apply this one rule.
 */
import type { RuleResult } from './payable-rules';

/**
 * Licence states (statusl) that may be renewed online. `approved` blocks only the digital licence (spec
 * section 4), not payment; anything else (suspended, cancelled, revoked ...) must go to the counter.
 */
export const ONLINE_PAYABLE_LICENCE_STATES: readonly string[] = ['active', 'approved', 'expired'];

export type LicenceRenewalError =
  /** 'This license status is not allowed to proceed. Please check with license department.' */
  | 'license_status_not_allowed'
  /** 'This trading license is not applicable for online renewal, please renew at the council counter.' */
  | 'trading_license_not_renewable';

export interface LicenceRenewalInput {
  readonly statusl: string;
  readonly renewableOnline: boolean;
}

/** The status is checked first: a suspended licence says so even when it is also counter-only. */
export function checkLicenceRenewal(licence: LicenceRenewalInput): RuleResult<LicenceRenewalError> {
  if (!ONLINE_PAYABLE_LICENCE_STATES.includes(licence.statusl.trim().toLowerCase())) {
    return { ok: false, code: 'license_status_not_allowed' };
  }
  if (!licence.renewableOnline) return { ok: false, code: 'trading_license_not_renewable' };
  return { ok: true };
}

/** The English texts of the two refusals (the API's `message`; people see the i18n of the code). */
export const LICENCE_RENEWAL_MESSAGES: Readonly<Record<LicenceRenewalError, string>> = {
  license_status_not_allowed: 'This license status is not allowed to proceed. Please check with license department.',
  trading_license_not_renewable:
    'This trading license is not applicable for online renewal, please renew at the council counter.',
};
