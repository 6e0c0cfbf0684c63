import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsString, Matches, MaxLength } from 'class-validator';
import type { AdminConfigurationUpdate } from '@councilpay/domain';

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
}
