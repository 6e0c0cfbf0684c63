import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsISO8601,
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
import type { AdminRecordRefundRequest } from '@councilpay/domain';
import { Trim } from '../../../identity/validators';

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

  @ApiPropertyOptional({ description: 'when the money was given back (ISO time); now when absent' })
  @IsOptional()
  @IsISO8601({ strict: true })
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
