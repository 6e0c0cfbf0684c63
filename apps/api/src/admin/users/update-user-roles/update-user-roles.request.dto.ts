import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn } from 'class-validator';
import { COUNCIL_CODES, type AdminUserRolesUpdate } from '@councilpay/domain';

export class UpdateUserRolesRequestDto implements AdminUserRolesUpdate {
  @ApiProperty({ description: 'grant (true) or remove (false) the council_admin role' })
  @IsBoolean()
  councilAdmin: boolean;

  @ApiProperty({ type: [String], example: ['mdpg'], description: 'the councils the account administers' })
  @IsArray()
  @ArrayMaxSize(COUNCIL_CODES.length)
  @IsIn(COUNCIL_CODES, { each: true, message: 'councils must be council codes' })
  councils: string[];
}
