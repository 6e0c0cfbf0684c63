import type { Principal } from '../../../auth/principal';

/** A staff member asks the gateway about a payment now; the enquiry and its outcome are audited. */
export class AdminRequeryPaymentCommand {
  constructor(
    readonly principal: Principal,
    readonly reference: string,
  ) {}
}
