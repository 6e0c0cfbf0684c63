import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import type { AdminRefundRequest } from '@councilpay/domain';
import { Trim } from '../../../identity/validators';

export class RefundPaymentRequestDto implements AdminRefundRequest {
  @ApiProperty({ example: 'Refunded by bank transfer, ref 1234' })
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(400)
  note: string;
}
