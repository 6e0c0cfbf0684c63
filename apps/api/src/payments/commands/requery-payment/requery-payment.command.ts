import type { EventSource } from '../../payment-ledger';

/** Ask the payment's gateway for its status and apply the answer like any other. */
export class RequeryPaymentCommand {
  constructor(
    readonly reference: string,
    readonly source: EventSource = 'requery',
  ) {}
}
