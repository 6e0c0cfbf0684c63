import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import {
  BILL_ROW_OUTCOMES,
  COUNCIL_CODES,
  LANGUAGES,
  PAYABLE_TYPES,
  type BillRowOutcome,
  type CouncilCode,
  type Language,
  type PayableType,
} from '@councilpay/domain';
import { AdminListQueryDto } from '../http/list-query';

/** The query of a bill file upload: the file is the body (CSV or XLSX). */
export class UploadBillFileQueryDto {
  @ApiProperty({ enum: COUNCIL_CODES, example: 'mdpg' })
  @IsIn(COUNCIL_CODES, { message: 'council must be a council code' })
  council: CouncilCode;

  @ApiProperty({ enum: PAYABLE_TYPES, example: 'market_bill' })
  @IsIn(PAYABLE_TYPES, { message: `type must be one of ${PAYABLE_TYPES.join(', ')}` })
  type: PayableType;

  @ApiProperty({ example: 'bil-pasar-2026-11.csv' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  fileName: string;

  @ApiProperty({
    required: false,
    description: "true: the file is the type's complete list; bills it does not name are withdrawn",
  })
  @Transform(({ value }) => value === 'true' || value === true)
  @IsBoolean()
  complete = false;
}

/** GET /api/admin/bill-imports: newest first, optionally of one council and type. */
export class ListBillImportsQueryDto extends AdminListQueryDto {
  @ApiPropertyOptional({ enum: COUNCIL_CODES })
  @IsOptional()
  @IsIn(COUNCIL_CODES, { message: 'council must be a council code' })
  council?: CouncilCode;

  @ApiPropertyOptional({ enum: PAYABLE_TYPES })
  @IsOptional()
  @IsIn(PAYABLE_TYPES, { message: `type must be one of ${PAYABLE_TYPES.join(', ')}` })
  type?: PayableType;
}

/** GET /api/admin/bill-imports/:id/rows: the preview's rows of one outcome, in file order. */
export class ListBillImportRowsQueryDto extends AdminListQueryDto {
  @ApiProperty({ enum: BILL_ROW_OUTCOMES })
  @IsIn(BILL_ROW_OUTCOMES, { message: `outcome must be one of ${BILL_ROW_OUTCOMES.join(', ')}` })
  outcome: BillRowOutcome;
}

/** GET /api/admin/bill-imports/:id/errors.csv: the language of the reasons (Malay by default). */
export class BillErrorReportQueryDto {
  @ApiPropertyOptional({ enum: LANGUAGES, description: 'the language of the reasons (Malay by default)' })
  @IsOptional()
  @IsIn(LANGUAGES, { message: `lang must be one of ${LANGUAGES.join(', ')}` })
  lang?: Language;
}
