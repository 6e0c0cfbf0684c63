import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { LANGUAGES, type Language } from '@councilpay/domain';

export class ExportDayCloseRequestDto {
  @ApiPropertyOptional({ enum: LANGUAGES, description: 'the report language (Malay by default)' })
  @IsOptional()
  @IsIn(LANGUAGES, { message: `lang must be one of ${LANGUAGES.join(', ')}` })
  lang?: Language;
}
