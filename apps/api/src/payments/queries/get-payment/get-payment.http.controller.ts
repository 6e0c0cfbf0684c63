import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { PAYMENT_TOKEN_HEADER, type PaymentDto } from '@councilpay/domain';
import type { Principal } from '../../../auth/principal';
import { CurrentUser } from '../../../auth/roles';
import { PaymentCapability, paymentNotFound, PaymentToken } from '../../capability';
import { ReferenceParam } from '../../reference.param';
import { GetPaymentQuery } from './get-payment.query';

@ApiTags('payments')
@Controller('payments')
export class GetPaymentHttpController {
  constructor(
    private readonly queryBus: QueryBus,
    private readonly capability: PaymentCapability,
  ) {}

  @Get(':reference')
  @ApiHeader({ name: PAYMENT_TOKEN_HEADER, required: false, description: 'the token the payment’s creation gave' })
  @ApiOperation({
    summary: 'Status, items with receipt numbers and the event timeline of a payment',
    description: 'The payer’s name and email are masked unless the caller holds its token or owns it (view: full).',
  })
  async get(
    @Param() { reference }: ReferenceParam,
    @PaymentToken() token: string | null,
    @CurrentUser() user?: Principal,
  ): Promise<PaymentDto> {
    const view = await this.capability.viewOf(reference, token, user);
    if (!view) throw paymentNotFound();
    return this.queryBus.execute(new GetPaymentQuery(reference, view));
  }
}
