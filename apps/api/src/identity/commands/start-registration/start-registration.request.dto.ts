import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import {
  LANGUAGES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type Language,
  type RegisterRequest,
} from '@councilpay/domain';
import {
  IsNricBirthDate,
  IsNricLength,
  NormaliseEmail,
  NormalisePhone,
  IsPhoneNumber,
  SameAs,
  Trim,
} from '../../../http/validators';

export class PasswordFields {
  @ApiProperty({ minLength: PASSWORD_MIN_LENGTH })
  @IsString()
  @MinLength(PASSWORD_MIN_LENGTH)
  @MaxLength(PASSWORD_MAX_LENGTH)
  password: string;

  @ApiProperty({ description: 'must match password' })
  @IsString()
  @SameAs('password')
  confirmPassword: string;
}

export class StartRegistrationRequestDto extends PasswordFields implements RegisterRequest {
  @ApiProperty({ example: 'Aminah binti Sapin' })
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  fullName: string;

  @ApiProperty({ example: 'aminah@example.my', description: 'spaces are stripped, lower-cased' })
  @NormaliseEmail()
  @IsEmail({}, { message: 'Invalid e-mail format' })
  @MaxLength(254)
  email: string;

  @ApiProperty({ example: '900101-12-5555', description: '12 digits; the first six a date of birth' })
  @IsNricLength()
  @IsNricBirthDate()
  nric: string;

  @ApiProperty({
    example: '012 345 6789',
    description: 'as people write it (spaces, dashes, dots, brackets, +60); stored as +60…',
  })
  @NormalisePhone()
  @IsPhoneNumber()
  phone: string;

  @ApiPropertyOptional({ enum: LANGUAGES, description: 'the language of the SMS and emails' })
  @IsOptional()
  @IsIn(LANGUAGES)
  language?: Language;
}
