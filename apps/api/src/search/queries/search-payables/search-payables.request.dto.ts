import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { COUNCIL_CODES, PAYABLE_TYPES, PLAN_TYPES, type PayableType, type SearchRequest } from '@councilpay/domain';

export class SearchRequestDto implements SearchRequest {
  @ApiProperty({ enum: COUNCIL_CODES, example: 'mdpg' })
  @IsIn(COUNCIL_CODES)
  council: string;

  @ApiProperty({ enum: PAYABLE_TYPES, example: 'assessment' })
  @IsIn(PAYABLE_TYPES)
  type: PayableType;

  @ApiProperty({
    example: 'A-1000-0001',
    description: 'As typed; normalised by the server. Booking ids are sent URI-encoded (encodeURIComponent).',
  })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  accountNo: string;

  @ApiPropertyOptional({
    enum: PLAN_TYPES,
    description: 'Engineering only; any other value is searched as ENGINEERING',
  })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  planType?: string;
}
