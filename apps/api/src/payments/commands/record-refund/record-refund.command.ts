/** Staff record that a paid payment was refunded outside the portal (bank transfer, counter). */
export class RecordRefundCommand {
  constructor(
    readonly reference: string,
    readonly staffId: string,
    readonly note: string,
  ) {}
}
