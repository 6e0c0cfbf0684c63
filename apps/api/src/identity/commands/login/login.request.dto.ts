import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { PASSWORD_MAX_LENGTH, type LoginRequest } from '@councilpay/domain';

/** Only the shape is checked here; the local strategy decides (a wrong email format is a wrong email). */
export class LoginRequestDto implements LoginRequest {
  @ApiProperty({ example: 'aminah@example.my' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(254)
  email: string;

  @ApiProperty()
  @IsString()
  @IsNotEmpty()
  @MaxLength(PASSWORD_MAX_LENGTH)
  password: string;
}
