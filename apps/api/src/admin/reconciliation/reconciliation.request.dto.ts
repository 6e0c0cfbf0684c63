import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, Matches } from 'class-validator';
import { COUNCIL_CODES, type ReconciliationQuery } from '@councilpay/domain';

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

export class ReconciliationRequestDto implements ReconciliationQuery {
  @ApiProperty({ example: '2026-11-01', description: 'first day, Malaysia time' })
  @Matches(DAY, { message: 'from must be a date YYYY-MM-DD' })
  from: string;

  @ApiProperty({ example: '2026-11-30', description: 'last day (inclusive), Malaysia time' })
  @Matches(DAY, { message: 'to must be a date YYYY-MM-DD' })
  to: string;

  @ApiPropertyOptional({ enum: COUNCIL_CODES })
  @IsOptional()
  @IsIn(COUNCIL_CODES)
  council?: string;

  @ApiPropertyOptional({ enum: ['fpx', 'card'] })
  @IsOptional()
  @IsIn(['fpx', 'card'])
  method?: 'fpx' | 'card';
}
