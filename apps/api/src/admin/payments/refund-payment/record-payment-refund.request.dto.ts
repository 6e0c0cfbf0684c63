import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import type {
  AdminCorrectRefundRequest,
  AdminDeclineRefundRequest,
  AdminRecordRefundRequest,
} from '@councilpay/domain';
import { Trim } from '../../../http/validators';
import { ReferenceParam } from '../../../payments/reference.param';

/** Larger than any payment may be; the refundable remainder is the real bound. */
const MAX_SEN = 100_000_000;

export class RefundItemRequestDto {
  @ApiProperty({ description: 'a PaymentItem id of this payment' })
  @IsUUID()
  itemId: string;

  @ApiProperty({ example: 1500, description: 'sen given back for this item' })
  @IsInt()
  @Min(1)
  @Max(MAX_SEN)
  amountSen: number;

  @ApiProperty({ description: "reverse the bill's credit (its balance goes back up)" })
  @IsBoolean()
  reverseCredit: boolean;
}

export class RecordPaymentRefundRequestDto implements AdminRecordRefundRequest {
  @ApiProperty({ example: 'Bill paid twice; refunded by bank transfer' })
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(400)
  reason: string;

  @ApiPropertyOptional({ example: 'IBG-20261123-0042' })
  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(100)
  gatewayReference?: string;

  @ApiPropertyOptional({
    example: '2026-12-04',
    description:
      'when the money was given back: a Malaysian day (YYYY-MM-DD) or a time with its zone, from the day the payment was paid to today; now when absent',
  })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  refundedAt?: string;

  @ApiPropertyOptional({ type: [RefundItemRequestDto] })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => RefundItemRequestDto)
  items?: RefundItemRequestDto[];

  @ApiPropertyOptional({ description: 'the id of a duplicate-charge gateway answer of this payment' })
  @IsOptional()
  @Matches(/^\d{1,18}$/, { message: 'gatewayAnswerId is not an answer id' })
  gatewayAnswerId?: string;

  @ApiPropertyOptional({ description: 'sen; with items it must be their sum, with a duplicate charge part of it' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_SEN)
  amountSen?: number;
}

/** Why a refund awaiting approval is declined. */
export class DeclineRefundRequestDto implements AdminDeclineRefundRequest {
  @ApiProperty({ example: 'No transfer was made: the bill was paid once' })
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(400)
  reason: string;
}

/** Why a refund was a mistake. */
export class CorrectRefundRequestDto implements AdminCorrectRefundRequest {
  @ApiProperty({ example: 'Recorded against the wrong payment; no money was given back' })
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(400)
  reason: string;
}

/** A refund of a payment in a route. */
export class RefundIdParam extends ReferenceParam {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'refundId is not a refund id' })
  refundId: string;
}
