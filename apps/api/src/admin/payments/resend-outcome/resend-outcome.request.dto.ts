import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { NOTIFICATION_CHANNELS, type AdminResendOutcomeRequest, type NotificationChannel } from '@councilpay/domain';

export class ResendOutcomeRequestDto implements AdminResendOutcomeRequest {
  @ApiProperty({ enum: NOTIFICATION_CHANNELS, description: "email to the payer's email, sms to the payer's phone" })
  @IsIn(NOTIFICATION_CHANNELS)
  channel: NotificationChannel;
}
