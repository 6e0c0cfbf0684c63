import { ApiProperty } from '@nestjs/swagger';
import { IsUUID, Matches } from 'class-validator';
import type { ResendCodeRequest, VerifyRegistrationRequest } from '@councilpay/domain';
import { Trim } from '../../../http/validators';

export class VerificationIdDto implements ResendCodeRequest {
  @ApiProperty({ description: 'from POST /api/auth/register' })
  @IsUUID()
  verificationId: string;
}

export class VerifyRegistrationRequestDto extends VerificationIdDto implements VerifyRegistrationRequest {
  @ApiProperty({ example: '123456' })
  @Trim()
  @Matches(/^\d{6}$/, { message: 'code must be 6 digits' })
  code: string;
}
