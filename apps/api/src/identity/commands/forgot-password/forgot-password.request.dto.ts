import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsIn, IsOptional, MaxLength } from 'class-validator';
import { LANGUAGES, type ForgotPasswordRequest, type Language } from '@councilpay/domain';
import { NormaliseEmail } from '../../../http/validators';

export class ForgotPasswordRequestDto implements ForgotPasswordRequest {
  @ApiProperty({ example: 'aminah@example.my' })
  @NormaliseEmail()
  @IsEmail({}, { message: 'Invalid e-mail format' })
  @MaxLength(254)
  email: string;

  @ApiPropertyOptional({ enum: LANGUAGES })
  @IsOptional()
  @IsIn(LANGUAGES)
  language?: Language;
}
