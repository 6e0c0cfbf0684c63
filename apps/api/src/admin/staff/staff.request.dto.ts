import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsEmail,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  MinLength,
  ValidateIf,
} from 'class-validator';
import {
  COUNCIL_CODES,
  COUNCIL_ROLES,
  LANGUAGES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type CouncilRole,
  type InvitationAcceptRequest,
  type InvitationCheckRequest,
  type Language,
  type StaffGrantUpdate,
  type StaffInvitationRequest,
} from '@councilpay/domain';
import { NormaliseEmail, SameAs, Trim } from '../../http/validators';

const ROLE_MESSAGE = `role must be one of ${COUNCIL_ROLES.join(', ')}`;

export class StaffInvitationRequestDto implements StaffInvitationRequest {
  @ApiProperty({ example: 'pegawai@mdpg.gov.my', description: 'spaces are stripped, lower-cased' })
  @NormaliseEmail()
  @IsEmail({}, { message: 'Invalid e-mail format' })
  @MaxLength(254)
  email: string;

  @ApiProperty({ enum: COUNCIL_ROLES, description: 'a council role; `_admin` is never given' })
  @IsIn(COUNCIL_ROLES, { message: ROLE_MESSAGE })
  role: CouncilRole;

  @ApiProperty({ type: [String], example: ['mdpg'] })
  @IsArray()
  @ArrayMinSize(1, { message: 'councils must name at least one council' })
  @ArrayMaxSize(COUNCIL_CODES.length)
  @IsIn(COUNCIL_CODES, { each: true, message: 'councils must be council codes' })
  councils: string[];

  @ApiPropertyOptional({ enum: LANGUAGES, default: 'ms' })
  @IsOptional()
  @IsIn(LANGUAGES)
  language?: Language;
}

export class StaffGrantUpdateDto implements StaffGrantUpdate {
  @ApiProperty({ enum: COUNCIL_ROLES, nullable: true, description: 'null removes the role in this council' })
  @ValidateIf((_o, value) => value !== null)
  @IsIn(COUNCIL_ROLES, { message: ROLE_MESSAGE })
  role: CouncilRole | null;
}

export class StaffCouncilParam {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'id is not a record id' })
  id: string;

  @ApiProperty({ example: 'mdpg' })
  @IsIn(COUNCIL_CODES, { message: 'council is not a council code' })
  council: string;
}

/** The token from the link: 43 URL-safe characters. Anything else is simply unknown. */
const TOKEN = /^[\w-]{20,100}$/;

export class InvitationCheckRequestDto implements InvitationCheckRequest {
  @ApiProperty({ description: 'the token from the emailed link' })
  @IsString()
  @Matches(TOKEN, { message: 'token is not an invitation token' })
  token: string;
}

export class InvitationAcceptRequestDto extends InvitationCheckRequestDto implements InvitationAcceptRequest {
  @ApiPropertyOptional({ description: 'a new account only', example: 'Aminah binti Sapin' })
  @IsOptional()
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  fullName?: string;

  @ApiPropertyOptional({ minLength: PASSWORD_MIN_LENGTH, description: 'a new account only' })
  @IsOptional()
  @IsString()
  @MinLength(PASSWORD_MIN_LENGTH)
  @MaxLength(PASSWORD_MAX_LENGTH)
  password?: string;

  @ApiPropertyOptional({ description: 'must match password' })
  @ValidateIf((o: InvitationAcceptRequestDto) => o.password !== undefined)
  @IsString()
  @SameAs('password')
  confirmPassword?: string;
}
