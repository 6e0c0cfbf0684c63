import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { PaymentDto } from '@councilpay/domain';
import { ReferenceParam } from '../../reference.param';
import { GetPaymentQuery } from './get-payment.query';

@ApiTags('payments')
@Controller('payments')
export class GetPaymentHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get(':reference')
  @ApiOperation({ summary: 'Status, items with receipt numbers and the event timeline of a payment' })
  get(@Param() { reference }: ReferenceParam): Promise<PaymentDto> {
    return this.queryBus.execute(new GetPaymentQuery(reference));
  }
}
