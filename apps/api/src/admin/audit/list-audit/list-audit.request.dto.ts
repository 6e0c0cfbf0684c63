import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import {
  normaliseEmail,
  STAFF_ACTIONS,
  STAFF_AUDIT_TARGETS,
  type StaffAction,
  type StaffAuditFilter,
  type StaffAuditTarget,
} from '@councilpay/domain';
import { AdminListQueryDto } from '../../../http/list-query';

export class ListAuditRequestDto extends AdminListQueryDto implements StaffAuditFilter {
  @ApiPropertyOptional({ enum: STAFF_ACTIONS })
  @IsOptional()
  @IsIn(STAFF_ACTIONS)
  action?: StaffAction;

  @ApiPropertyOptional({ enum: STAFF_AUDIT_TARGETS })
  @IsOptional()
  @IsIn(STAFF_AUDIT_TARGETS)
  targetType?: StaffAuditTarget;

  @ApiPropertyOptional({ description: 'the record: a payment reference, a council code, a user id ...' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  targetId?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? normaliseEmail(value) : value))
  @IsString()
  @MaxLength(254)
  staffEmail?: string;
}
