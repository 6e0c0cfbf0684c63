import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsNotEmpty, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import type { ProfileUpdateRequest } from '@councilpay/domain';
import { NormalisePhone, IsPhoneNumber, Trim } from '../../../http/validators';

export class UpdateProfileRequestDto implements ProfileUpdateRequest {
  @ApiProperty()
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  fullName: string;

  @ApiProperty({ description: 'as people write it (spaces, dashes, dots, brackets, +60); stored as +60…' })
  @NormalisePhone()
  @IsPhoneNumber()
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
