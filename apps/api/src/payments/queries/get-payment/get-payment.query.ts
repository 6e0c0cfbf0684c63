export class GetPaymentQuery {
  constructor(readonly reference: string) {}
}
