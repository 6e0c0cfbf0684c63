import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Matches } from 'class-validator';
import { LANGUAGES, type Language, type VerifyEmailRequest } from '@councilpay/domain';

export class VerifyEmailRequestDto implements VerifyEmailRequest {
  @ApiProperty({ description: 'the token from the emailed link' })
  @IsString()
  @Matches(/^[\w-]{20,100}$/, { message: 'token is not a verification token' })
  token: string;
}

export class ResendEmailVerificationRequestDto {
  @ApiPropertyOptional({ enum: LANGUAGES })
  @IsOptional()
  @IsIn(LANGUAGES)
  language?: Language;
}
