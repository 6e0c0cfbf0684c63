import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import {
  ACCOUNT_ID_MAX_LENGTH,
  normaliseEmail,
  normalisePhone,
  PAYMENT_STATES,
  type AdminPaymentSearch,
  type PaymentState,
} from '@councilpay/domain';
import { AdminListQueryDto, toArray, toBoolean } from '../../../http/list-query';

/** YYYY-MM-DD, or an ISO date-time. */
const DATE_OR_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/;

export class ListPaymentsRequestDto extends AdminListQueryDto implements AdminPaymentSearch {
  @ApiPropertyOptional({
    description:
      "one search box: a fragment (3 characters or more) of the reference, invoice number, payer's name, email or phone, or an item's account number; 1 or 2 characters: the beginning of a reference or invoice number",
    example: 'recon',
  })
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @MaxLength(100)
  q?: string;

  @ApiPropertyOptional({ example: 'mdpg' })
  @IsOptional()
  @IsString()
  @MaxLength(20)
  council?: string;

  @ApiPropertyOptional({ enum: PAYMENT_STATES, isArray: true, description: 'repeat for any of several' })
  @IsOptional()
  @Transform(toArray)
  @IsArray()
  @ArrayMaxSize(PAYMENT_STATES.length)
  @IsIn(PAYMENT_STATES, { each: true })
  status?: PaymentState[];

  @ApiPropertyOptional({ enum: ['fpx', 'card'] })
  @IsOptional()
  @IsIn(['fpx', 'card'])
  method?: 'fpx' | 'card';

  @ApiPropertyOptional({ description: 'the reference or its beginning' })
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toUpperCase() : value))
  @Matches(/^[A-Z0-9]{1,22}$/, { message: 'reference is not (the start of) a payment reference' })
  reference?: string;

  @ApiPropertyOptional({ description: 'from this time, or this day (Malaysia time)' })
  @IsOptional()
  @Matches(DATE_OR_TIME, { message: 'from must be YYYY-MM-DD or an ISO date-time' })
  from?: string;

  @ApiPropertyOptional({ description: 'up to this time, or to the end of this day (Malaysia time)' })
  @IsOptional()
  @Matches(DATE_OR_TIME, { message: 'to must be YYYY-MM-DD or an ISO date-time' })
  to?: string;

  @ApiPropertyOptional({ description: 'paid from this time, or this day (Malaysia time)' })
  @IsOptional()
  @Matches(DATE_OR_TIME, { message: 'paidFrom must be YYYY-MM-DD or an ISO date-time' })
  paidFrom?: string;

  @ApiPropertyOptional({ description: 'paid up to this time, or to the end of this day (Malaysia time)' })
  @IsOptional()
  @Matches(DATE_OR_TIME, { message: 'paidTo must be YYYY-MM-DD or an ISO date-time' })
  paidTo?: string;

  @ApiPropertyOptional({ description: 'FPX buyer bank id (e.g. MB2U0227) or card method (48, 49)' })
  @IsOptional()
  @Matches(/^[A-Z0-9]{2,12}$/, { message: 'bank is not a bank id' })
  bank?: string;

  @ApiPropertyOptional({ description: 'the 20-digit invoice number or its beginning' })
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @Matches(/^\d{1,20}$/, { message: 'invoiceNo is not (the start of) an invoice number' })
  invoiceNo?: string;

  @ApiPropertyOptional({ description: "the payer's email, whole" })
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? normaliseEmail(value) : value))
  @IsString()
  @MaxLength(254)
  payerEmail?: string;

  @ApiPropertyOptional({ description: "the payer's phone, whole (spaces ignored)" })
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? normalisePhone(value) : value))
  @Matches(/^\+?\d{6,15}$/, { message: 'payerPhone must be 6 to 15 digits' })
  payerPhone?: string;

  @ApiPropertyOptional({ description: 'an account number of an item (dashes and spaces ignored)' })
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @MaxLength(ACCOUNT_ID_MAX_LENGTH)
  accountNo?: string;

  @ApiPropertyOptional({ description: 'paid after it had failed or expired' })
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  late?: boolean;

  @ApiPropertyOptional({ description: 'money taken that could not be credited' })
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  refundDue?: boolean;
}
