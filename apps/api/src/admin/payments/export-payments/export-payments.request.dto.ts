import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { LANGUAGES, type Language } from '@councilpay/domain';
import { ListPaymentsRequestDto } from '../list-payments/list-payments.request.dto';

/** The payments list's filters (paging and sorting are ignored: the file holds every match), and a language. */
export class ExportPaymentsRequestDto extends ListPaymentsRequestDto {
  @ApiPropertyOptional({ enum: LANGUAGES, description: 'language of the headers and statuses; Malay when absent' })
  @IsOptional()
  @IsIn(LANGUAGES)
  lang?: Language;
}
