import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, Min } from 'class-validator';
import type { ProfileUpdateRequest } from '@councilpay/domain';
import { NormalisePhone, PHONE_PATTERN, Trim } from '../../validators';

export class UpdateProfileRequestDto implements ProfileUpdateRequest {
  @ApiProperty()
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  fullName: string;

  @ApiProperty({ description: 'spaces are stripped' })
  @NormalisePhone()
  @Matches(PHONE_PATTERN, { message: 'phone must be 9 to 15 digits' })
  phone: string;

  @ApiPropertyOptional({ description: '12 digits; leave out, or send back masked as read, to keep it' })
  @IsOptional()
  @IsString()
  @MaxLength(20)
  nric?: string;

  @ApiProperty({ description: 'the version read with the profile' })
  @IsInt()
  @Min(0)
  version: number;
}
