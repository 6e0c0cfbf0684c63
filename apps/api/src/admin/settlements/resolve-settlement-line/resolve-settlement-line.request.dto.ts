import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString, IsUUID, Matches, MaxLength, MinLength, ValidateIf } from 'class-validator';
import type { SettlementResolveRequest } from '@councilpay/domain';
import { Trim } from '../../../http/validators';

export class SettlementLineParam {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'id is not a settlement check id' })
  id: string;

  @ApiProperty({ example: '42' })
  @Matches(/^\d{1,18}$/, { message: 'lineId is not a line of a settlement check' })
  lineId: string;
}

export class ResolveSettlementLineRequestDto implements SettlementResolveRequest {
  @ApiProperty({ enum: ['requery', 'note', 'refund'] })
  @IsIn(['requery', 'note', 'refund'], { message: 'kind must be requery, note or refund' })
  kind: 'requery' | 'note' | 'refund';

  @ApiPropertyOptional({ description: 'why the line differs (required for kind note; 5-500 characters)' })
  @ValidateIf((o: ResolveSettlementLineRequestDto) => o.kind === 'note' || o.note !== undefined)
  @Trim()
  @IsString()
  @MinLength(5, { message: 'Write at least a few words saying why this line differs' })
  @MaxLength(500)
  note?: string;

  @ApiPropertyOptional({
    format: 'uuid',
    description: "the refund that settles it (kind refund): one of the payment's",
  })
  @ValidateIf((o: ResolveSettlementLineRequestDto) => o.kind === 'refund')
  @IsUUID('all', { message: 'refundId must name a refund of this payment' })
  refundId?: string;
}
