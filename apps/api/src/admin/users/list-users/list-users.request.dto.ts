import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { ROLES, type Role } from '@councilpay/domain';
import { AdminListQueryDto } from '../../../http/list-query';

export class ListUsersRequestDto extends AdminListQueryDto {
  @ApiPropertyOptional({ description: 'part of the email or the full name' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  q?: string;

  @ApiPropertyOptional({ enum: ROLES })
  @IsOptional()
  @IsIn(ROLES)
  role?: Role;
}
