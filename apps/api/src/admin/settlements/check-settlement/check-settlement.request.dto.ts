import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import {
  SETTLEMENT_GATEWAYS,
  SETTLEMENT_LAYOUTS,
  SETTLEMENT_MAX_CHARS,
  type SettlementCheckRequest,
  type SettlementGateway,
} from '@councilpay/domain';
import { Trim } from '../../../http/validators';

export class CheckSettlementRequestDto implements SettlementCheckRequest {
  @ApiProperty({ enum: SETTLEMENT_GATEWAYS, description: 'whose settlement file it is: each has its own columns' })
  @IsIn(SETTLEMENT_GATEWAYS, { message: `gateway must be one of ${SETTLEMENT_GATEWAYS.join(', ')}` })
  gateway: SettlementGateway;

  @ApiProperty({ example: 'fpx-settlement-20261123.csv' })
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  fileName: string;

  @ApiProperty({
    description:
      `the CSV text, at most ${SETTLEMENT_MAX_CHARS} characters, one Malaysian day; its first line names the columns. ` +
      `FPX: ${SETTLEMENT_LAYOUTS.fpx.join(', ')}. Card: ${SETTLEMENT_LAYOUTS.card.join(', ')}.`,
    example:
      'date,seller order no,fpx transaction id,amount,status\r\n23/11/2026,20261123000000000001,2611230000001,42.00,00',
  })
  @IsString()
  @IsNotEmpty()
  @MaxLength(SETTLEMENT_MAX_CHARS, { message: `The file is too large: at most ${SETTLEMENT_MAX_CHARS} characters` })
  content: string;
}
