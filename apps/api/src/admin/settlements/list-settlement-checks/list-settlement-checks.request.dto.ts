import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, Matches } from 'class-validator';
import { AdminListQueryDto } from '../../../http/list-query';

export class ListSettlementChecksRequestDto extends AdminListQueryDto {
  @ApiPropertyOptional({ description: 'the Malaysian day the files settle, YYYY-MM-DD' })
  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'day must be YYYY-MM-DD' })
  day?: string;
}
