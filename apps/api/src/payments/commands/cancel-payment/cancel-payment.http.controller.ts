import { Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { PAYMENT_TOKEN_HEADER } from '@councilpay/domain';
import { PaymentHolderGuard } from '../../capability';
import { ReferenceParam } from '../../reference.param';
import { CancelPaymentCommand } from './cancel-payment.command';
import { cancelRefusal, type CancelResult } from './cancel-payment.handler';

@ApiTags('payments')
@Controller('payments')
export class CancelPaymentHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post(':reference/cancel')
  @HttpCode(200)
  @UseGuards(PaymentHolderGuard)
  @ApiHeader({ name: PAYMENT_TOKEN_HEADER, required: false, description: 'the token the payment’s creation gave' })
  @ApiOperation({
    summary: 'Cancel a payment that has not been confirmed at the bank yet',
    description: 'Its token holder or signed-in owner only; 404 for anyone else.',
  })
  async cancel(@Param() { reference }: ReferenceParam): Promise<CancelResult> {
    const result = await this.commandBus.execute<CancelPaymentCommand, CancelResult>(
      new CancelPaymentCommand(reference),
    );
    const refusal = cancelRefusal(result);
    if (refusal) throw refusal;
    return result;
  }
}
