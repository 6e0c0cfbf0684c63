export class CancelPaymentCommand {
  constructor(readonly reference: string) {}
}
