import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_STATUSES,
  type AdminNotificationFilter,
  type NotificationChannel,
  type NotificationStatus,
} from '@councilpay/domain';
import { AdminListQueryDto, toArray } from '../../../http/list-query';

export class ListNotificationsRequestDto extends AdminListQueryDto implements AdminNotificationFilter {
  @ApiPropertyOptional({ enum: NOTIFICATION_STATUSES, isArray: true, description: 'repeat for any of several' })
  @IsOptional()
  @Transform(toArray)
  @IsArray()
  @ArrayMaxSize(NOTIFICATION_STATUSES.length)
  @IsIn(NOTIFICATION_STATUSES, { each: true })
  status?: NotificationStatus[];

  @ApiPropertyOptional({ enum: NOTIFICATION_CHANNELS })
  @IsOptional()
  @IsIn(NOTIFICATION_CHANNELS)
  channel?: NotificationChannel;

  @ApiPropertyOptional({ example: 'payment_paid' })
  @IsOptional()
  @Matches(/^[a-z_]{1,40}$/, { message: 'template is not a template name' })
  template?: string;

  @ApiPropertyOptional({ description: 'the email or phone, whole (spaces ignored)' })
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.replace(/\s/g, '').toLowerCase() : value))
  @IsString()
  @MaxLength(254)
  recipient?: string;

  @ApiPropertyOptional({ description: 'the payment it tells of' })
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toUpperCase() : value))
  @Matches(/^CP[A-Z2-9]{20}$/, { message: 'reference is not a payment reference' })
  reference?: string;
}
