import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMinSize, IsArray, IsIn, IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import {
  COUNCIL_API_MAX_BATCH,
  COUNCIL_API_ROTATION_MAX_HOURS,
  COUNCIL_CODES,
  PAYABLE_TYPES,
  type PayableType,
} from '@councilpay/domain';
import { AdminListQueryDto } from '../http/list-query';

export class BillTypeParam {
  @ApiProperty({ enum: PAYABLE_TYPES, example: 'compound' })
  @IsIn(PAYABLE_TYPES, { message: `type must be one of ${PAYABLE_TYPES.join(', ')}` })
  type: PayableType;
}

export class BillAccountParam extends BillTypeParam {
  @ApiProperty({ example: 'KMP-2026-000123', description: 'as printed; normalised as search normalises it' })
  @IsString()
  @MaxLength(60)
  accountNo: string;
}

export class BillPlanTypeQuery {
  @ApiPropertyOptional({ description: "An engineering bill's plan type; empty for every other type", default: '' })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  planType?: string;
}

export class CouncilBillBatchDto {
  @ApiProperty({
    description: `1 to ${COUNCIL_API_MAX_BATCH} bills of the route's type: each a JSON object with a field per column of the type's layout (the bill file's header names; docs/integration.md). Amounts are RM as text ("80.00"), at most two decimals; "council" may be left out.`,
    type: 'array',
    items: {
      type: 'object',
      additionalProperties: { oneOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }] },
    },
    example: [
      {
        account_no: 'KMP-2026-000123',
        owner_name: 'AMINAH BINTI SAPIN',
        owner_id_no: '900101-12-5555',
        balance_rm: '80.00',
        compound_type: 'individual',
        offence: 'Membuang sampah di tempat awam',
        offence_date: '2026-11-02',
      },
    ],
  })
  @IsArray()
  @ArrayMinSize(1)
  bills: unknown[];
}

export class CreateCouncilApiKeyDto {
  @ApiProperty({ enum: COUNCIL_CODES, example: 'mdpg' })
  @IsIn(COUNCIL_CODES)
  council: string;

  @ApiPropertyOptional({ example: 'Revenue system (SAGA) batch job', maxLength: 200 })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  description?: string;
}

export class RotateCouncilApiKeyDto {
  @ApiPropertyOptional({
    description: `Hours the old key keeps working (1 to ${COUNCIL_API_ROTATION_MAX_HOURS})`,
    default: 24,
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(COUNCIL_API_ROTATION_MAX_HOURS)
  graceHours?: number;
}

export class ListCouncilApiKeysDto extends AdminListQueryDto {
  @ApiPropertyOptional({ enum: COUNCIL_CODES })
  @IsOptional()
  @IsIn(COUNCIL_CODES)
  council?: string;
}

export class ListCouncilApiRequestsDto extends AdminListQueryDto {
  @ApiPropertyOptional({ enum: COUNCIL_CODES })
  @IsOptional()
  @IsIn(COUNCIL_CODES)
  council?: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'only this key’s requests' })
  @IsOptional()
  @IsUUID()
  apiKeyId?: string;
}
