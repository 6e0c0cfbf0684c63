import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches } from 'class-validator';
import type { ResetPasswordCheckRequest, ResetPasswordRequest } from '@councilpay/domain';
import { PasswordFields } from '../start-registration/start-registration.request.dto';

/** The id from the link: 43 URL-safe characters. Anything else is simply unknown. */
const RESET_ID = /^[\w-]{20,100}$/;

export class ResetPasswordCheckRequestDto implements ResetPasswordCheckRequest {
  @ApiProperty({ description: 'the id from the emailed link' })
  @IsString()
  @Matches(RESET_ID, { message: 'resetId is not a reset id' })
  resetId: string;
}

export class ResetPasswordRequestDto extends PasswordFields implements ResetPasswordRequest {
  @ApiProperty({ description: 'the id from the emailed link' })
  @IsString()
  @Matches(RESET_ID, { message: 'resetId is not a reset id' })
  resetId: string;
}
