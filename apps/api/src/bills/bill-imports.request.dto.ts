import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { COUNCIL_CODES, PAYABLE_TYPES, type CouncilCode, type PayableType } from '@councilpay/domain';

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
