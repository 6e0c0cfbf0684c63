import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { SETTLEMENT_MAX_CHARS, type SettlementCheckRequest } from '@councilpay/domain';
import { Trim } from '../../identity/validators';

export class CheckSettlementRequestDto implements SettlementCheckRequest {
  @ApiProperty({ example: 'fpx-settlement-20261123.csv' })
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  fileName: string;

  @ApiProperty({
    description: `the CSV text (date, seller order no, FPX transaction id, amount, status); at most ${SETTLEMENT_MAX_CHARS} characters`,
  })
  @IsString()
  @IsNotEmpty()
  @MaxLength(SETTLEMENT_MAX_CHARS, { message: `The file is too large: at most ${SETTLEMENT_MAX_CHARS} characters` })
  content: string;
}
