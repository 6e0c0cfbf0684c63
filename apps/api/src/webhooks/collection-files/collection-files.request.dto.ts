import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, Matches } from 'class-validator';
import { COLLECTION_FILE_FORMATS, type CollectionFileFormat } from '@councilpay/domain';
import { DayCloseTargetDto } from '../../money/day-close.request.dto';

export class ListCollectionFilesRequestDto {
  @ApiPropertyOptional({ example: 'mbpj' })
  @IsOptional()
  @Matches(/^[a-z0-9_-]{1,32}$/, { message: 'council is not a council code' })
  council?: string;

  @ApiPropertyOptional({ example: '2026-11-01', description: 'first day (YYYY-MM-DD, Malaysia time)' })
  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'from must be YYYY-MM-DD' })
  from?: string;

  @ApiPropertyOptional({ example: '2026-11-30', description: 'last day (YYYY-MM-DD, Malaysia time)' })
  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'to must be YYYY-MM-DD' })
  to?: string;
}

/** A council, a Malaysian day and a format: one kept file. */
export class CollectionFileTargetDto extends DayCloseTargetDto {
  @ApiProperty({ enum: COLLECTION_FILE_FORMATS })
  @IsIn(COLLECTION_FILE_FORMATS, { message: `format must be one of ${COLLECTION_FILE_FORMATS.join(', ')}` })
  format: CollectionFileFormat;
}
