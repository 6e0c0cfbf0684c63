/** No final answer within the requery schedule (24 hours): the payment expires. A later approval still pays it, flagged late. */
export class ExpirePaymentCommand {
  constructor(readonly reference: string) {}
}
