import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { LedgerResult } from '../../payment-ledger.service';
import { ReferenceParam } from '../../reference.param';
import { CancelPaymentCommand } from './cancel-payment.command';

@ApiTags('payments')
@Controller('payments')
export class CancelPaymentHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post(':reference/cancel')
  @HttpCode(200)
  @ApiOperation({ summary: 'Cancel a payment that has not been confirmed at the bank yet' })
  cancel(@Param() { reference }: ReferenceParam): Promise<LedgerResult> {
    return this.commandBus.execute(new CancelPaymentCommand(reference));
  }
}
