import type { Language, PaymentView } from '@councilpay/domain';

/** The PDF receipt of a paid payment, in a language (the payer's when null), as its viewer may see it. */
export class GetReceiptPdfQuery {
  constructor(
    readonly reference: string,
    readonly language: Language | null,
    readonly view: PaymentView,
  ) {}
}
