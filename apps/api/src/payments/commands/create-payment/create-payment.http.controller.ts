import { Body, Controller, Headers, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { CreatePaymentResponse } from '@councilpay/domain';
import { ApiError } from '../../../http/api-error';
import { CurrentUser } from '../../../auth/roles';
import type { Principal } from '../../../auth/principal';
import { CreatePaymentCommand } from './create-payment.command';
import { CreatePaymentRequestDto } from './create-payment.request.dto';

@ApiTags('payments')
@Controller('payments')
export class CreatePaymentHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Create a payment from a cart; returns the signed form the browser posts to the gateway' })
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'the same key and body give the same payment' })
  create(
    @Body() body: CreatePaymentRequestDto,
    @Headers('idempotency-key') idempotencyKey?: string,
    @CurrentUser() user?: Principal,
  ): Promise<CreatePaymentResponse> {
    if (idempotencyKey !== undefined && !/^[\w-]{8,100}$/.test(idempotencyKey)) {
      throw new ApiError(400, 'invalid_idempotency_key', 'Idempotency-Key must be 8-100 letters, digits, _ or -');
    }
    // Signed in: the payment is the user's, in their history whatever email it names.
    return this.commandBus.execute(new CreatePaymentCommand(body, idempotencyKey ?? null, user?.id ?? null));
  }
}
