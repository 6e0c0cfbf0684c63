import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { SETTLEMENT_RESULTS, type SettlementResult } from '@councilpay/domain';
import { AdminListQueryDto } from '../../../http/list-query';

export class ListSettlementLinesRequestDto extends AdminListQueryDto {
  @ApiPropertyOptional({ enum: SETTLEMENT_RESULTS })
  @IsOptional()
  @IsIn(SETTLEMENT_RESULTS, { message: `result must be one of ${SETTLEMENT_RESULTS.join(', ')}` })
  result?: SettlementResult;
}
