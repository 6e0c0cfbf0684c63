import type { CreatePaymentRequestDto } from './create-payment.request.dto';

export class CreatePaymentCommand {
  constructor(
    readonly request: CreatePaymentRequestDto,
    readonly idempotencyKey: string | null,
    readonly userId: string | null = null,
  ) {}
}
