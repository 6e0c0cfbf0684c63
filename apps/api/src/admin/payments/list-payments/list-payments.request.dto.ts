import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { PAYMENT_STATES, type AdminPaymentFilter, type PaymentState } from '@councilpay/domain';
import { AdminListQueryDto } from '../../list-query';

/** YYYY-MM-DD, or an ISO date-time. */
const DATE_OR_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/;

export class ListPaymentsRequestDto extends AdminListQueryDto implements AdminPaymentFilter {
  @ApiPropertyOptional({ example: 'mdpg' })
  @IsOptional()
  @IsString()
  @MaxLength(20)
  council?: string;

  @ApiPropertyOptional({ enum: PAYMENT_STATES })
  @IsOptional()
  @IsIn(PAYMENT_STATES)
  status?: PaymentState;

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
}
