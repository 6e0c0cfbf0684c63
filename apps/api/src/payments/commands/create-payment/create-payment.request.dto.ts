import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDateString,
  IsDefined,
  IsEmail,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  registerDecorator,
  ValidateNested,
  type ValidationOptions,
} from 'class-validator';
import { isWireValue } from '@councilpay/fpx';
import { IsPhoneNumber } from '../../../http/validators';
import {
  ASSESSMENT_SELECTIONS,
  CARD_BANK_LIST,
  CART_CAPACITY,
  LANGUAGES,
  normaliseEmail,
  normalisePhone,
  type CreatePaymentRequest,
  type Language,
  type LocalGovernmentChargeRequest,
  type PayerRequest,
  type PaymentItemRequest,
} from '@councilpay/domain';

const stripSpaces = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.replace(/\s+/g, '') : value);

/**
 * Text that goes into a signed gateway message (payer name, email, phone) or onto a receipt: no '|' (the
 * gateways' field separator) and no control characters, refused here, before anything is written. The rule
 * is libs/fpx's own (isWireValue). Answers the code `invalid_characters`, naming the field.
 */
export const IsGatewaySafe = (options?: ValidationOptions) => (object: object, propertyName: string) =>
  registerDecorator({
    name: 'invalid_characters',
    target: object.constructor,
    propertyName,
    options: { message: '$property contains characters that are not allowed (| or control characters)', ...options },
    validator: { validate: (value: unknown) => typeof value !== 'string' || isWireValue(value) },
  });

export class ChargeDto implements LocalGovernmentChargeRequest {
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  @IsGatewaySafe()
  customerName: string;

  @IsInt()
  @Min(1)
  @Max(100_000)
  totalNoOfPeople: number;

  @IsDateString({ strict: true })
  startDate: string;

  @IsDateString({ strict: true })
  endDate: string;
}

export class PaymentItemDto implements PaymentItemRequest {
  @ApiProperty({ description: 'id of a payable found by search' })
  @IsUUID()
  payableId: string;

  @ApiPropertyOptional({ description: 'sen; required where the payer chooses the amount (minimum payment applies)' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(100_000_000)
  amountSen?: number;

  @ApiPropertyOptional({ enum: ASSESSMENT_SELECTIONS })
  @IsOptional()
  @IsIn(ASSESSMENT_SELECTIONS)
  selection?: number;

  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => ChargeDto)
  charge?: ChargeDto;
}

export class PayerDto implements PayerRequest {
  @ApiProperty({ example: 'Aminah binti Sapin' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  @IsGatewaySafe()
  name: string;

  @ApiProperty({ example: 'aminah@example.my', description: 'spaces are stripped' })
  @Transform(({ value }) => (typeof value === 'string' ? normaliseEmail(value) : value))
  @IsGatewaySafe()
  @IsEmail()
  @MaxLength(254)
  email: string;

  @ApiProperty({ example: '012-345 6789', description: 'as people write it; stored as +60…' })
  @Transform(({ value }) => (typeof value === 'string' ? normalisePhone(value) : value))
  @IsPhoneNumber()
  phone: string;
}

export class PaymentMethodDto {
  @ApiProperty({ enum: ['fpx', 'card'] })
  @IsIn(['fpx', 'card'])
  type: 'fpx' | 'card';

  @ApiPropertyOptional({ description: 'FPX only: the buyer bank id from GET /api/banks' })
  @ValidateIf((m: PaymentMethodDto) => m.type === 'fpx')
  @Transform(stripSpaces)
  @IsString()
  @Matches(/^[A-Z0-9]{2,20}$/, { message: 'bankId must be an FPX bank id' })
  bankId?: string;

  @ApiPropertyOptional({ enum: ['48', '49'], description: 'card only: 48 Visa, 49 Mastercard' })
  @ValidateIf((m: PaymentMethodDto) => m.type === 'card')
  @IsIn(['48', '49'])
  cardMethod?: '48' | '49';

  // Which codes are banks is the handler's check (400 invalid_card_bank; left out, the bank is unknown).
  @ApiPropertyOptional({
    enum: CARD_BANK_LIST.map((bank) => bank.code),
    description:
      'card only: the bank that issued the card (CARD_BANK_LIST in libs/domain); the portal always sends it, a payment without it is taken with its bank unknown',
  })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  cardBank?: string;
}

export class CreatePaymentRequestDto implements Omit<CreatePaymentRequest, 'method'> {
  @ApiProperty({ type: [PaymentItemDto] })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(CART_CAPACITY)
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => PaymentItemDto)
  items: PaymentItemDto[];

  // Required objects: a missing, null or array `payer` or `method` is a 400 here, never a crash later.
  @ApiProperty({ type: PayerDto })
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => PayerDto)
  payer: PayerDto;

  @ApiProperty({ type: PaymentMethodDto })
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => PaymentMethodDto)
  method: PaymentMethodDto;

  @ApiPropertyOptional({ enum: LANGUAGES })
  @IsOptional()
  @IsIn(LANGUAGES)
  language?: Language;

  @ApiPropertyOptional({ description: 'pay again although an earlier payment for the same bills is still pending' })
  @IsOptional()
  @IsBoolean()
  confirmRetry?: boolean;
}
