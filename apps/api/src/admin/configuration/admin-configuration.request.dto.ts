import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { MAX_REFUND_APPROVAL_ABOVE_SEN, type AdminConfigurationUpdate } from '@councilpay/domain';

export class UpdateConfigurationRequestDto implements AdminConfigurationUpdate {
  @ApiProperty({ description: 'closes payments and shows the announcement over the portal' })
  @IsBoolean()
  serviceClosed: boolean;

  @ApiProperty()
  @IsString()
  @MaxLength(2000)
  announcementMs: string;

  @ApiProperty()
  @IsString()
  @MaxLength(2000)
  announcementEn: string;

  @ApiProperty()
  @IsString()
  @MaxLength(2000)
  announcementZh: string;

  @ApiProperty({ example: '1.0.0', description: 'the latest mobile app version' })
  @Matches(/^\d{1,4}\.\d{1,4}\.\d{1,4}$/, { message: 'appVersion must look like 1.2.3' })
  appVersion: string;

  @ApiPropertyOptional({
    example: 100000,
    description:
      "sen: a payment's refunds coming to more than this wait for a second officer's approval (0: every refund); left out: unchanged",
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_REFUND_APPROVAL_ABOVE_SEN)
  refundApprovalAboveSen?: number;
}
