import { Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { PAYER_REQUERY_WINDOW_MS, PAYMENT_TOKEN_HEADER, type RequeryAskedRecently } from '@councilpay/domain';
import { PaymentHolderGuard } from '../../capability';
import { tooManyRequests } from '../../../rate-limit/rate-limiter';
import { RedisService } from '../../../redis/redis.module';
import type { LedgerResult } from '../../payment-ledger';
import { ReferenceParam } from '../../reference.param';
import { RequeryPaymentCommand } from './requery-payment.command';
import { requeryRefusal, type RequeryResult } from './requery-payment.result';

@ApiTags('payments')
@Controller('payments')
export class RequeryPaymentHttpController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly redis: RedisService,
  ) {}

  @Post(':reference/requery')
  @HttpCode(200)
  @UseGuards(PaymentHolderGuard)
  @ApiHeader({ name: PAYMENT_TOKEN_HEADER, required: false, description: 'the token the payment’s creation gave' })
  @ApiOperation({
    summary: 'Ask the gateway for the status of a payment (rate limited per payment)',
    description: 'Its token holder or signed-in owner only; 404 for anyone else.',
  })
  async requery(@Param() { reference }: ReferenceParam): Promise<LedgerResult> {
    await this.redis.ensureConnected();
    const key = this.redis.key('requery-limit', reference);
    const allowed = await this.redis.client.set(key, '1', 'PX', PAYER_REQUERY_WINDOW_MS, 'NX');
    if (allowed !== 'OK') {
      const details: Omit<RequeryAskedRecently, 'retryAfterSeconds'> = { askedRecently: true };
      const leftMs = await this.redis.client.pttl(key);
      throw tooManyRequests('The bank was asked about this payment moments ago.', leftMs, details);
    }
    const result = await this.commandBus.execute<RequeryPaymentCommand, RequeryResult>(
      new RequeryPaymentCommand(reference, 'payer'),
    );
    const refusal = requeryRefusal(result);
    if (refusal) throw refusal;
    return result as LedgerResult;
  }
}
