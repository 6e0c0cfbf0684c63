import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength, ValidateIf } from 'class-validator';
import type { SecondFactorCodeRequest, SecondFactorVerifyRequest } from '@councilpay/domain';

/** Only the shape is checked here: a code that is not six digits is a wrong code. */
export class SecondFactorCodeRequestDto implements SecondFactorCodeRequest {
  @ApiProperty({ example: '123456', description: 'the 6-digit code of the authenticator app' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(20)
  code: string;
}

/** Either a TOTP code or a recovery code. */
export class SecondFactorVerifyRequestDto implements SecondFactorVerifyRequest {
  @ApiPropertyOptional({ example: '123456', description: 'the 6-digit code of the authenticator app' })
  @ValidateIf((o: SecondFactorVerifyRequestDto) => o.recoveryCode === undefined)
  @IsString()
  @IsNotEmpty()
  @MaxLength(20)
  code?: string;

  @ApiPropertyOptional({ example: 'abcde-fghjk', description: 'one of the recovery codes shown at enrolment' })
  @ValidateIf((o: SecondFactorVerifyRequestDto) => o.code === undefined)
  @IsString()
  @IsNotEmpty()
  @MaxLength(40)
  recoveryCode?: string;
}
