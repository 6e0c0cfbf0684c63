import { ApiProperty } from '@nestjs/swagger';
import { Matches } from 'class-validator';

export class CouncilCodeParam {
  @ApiProperty({ example: 'mdpg' })
  @Matches(/^[a-z0-9]{2,12}$/, { message: 'code is not a council code' })
  code: string;
}
