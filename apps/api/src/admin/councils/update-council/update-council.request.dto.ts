import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { COUNCIL_LOGO_PATH, type AdminCouncilUpdate } from '@councilpay/domain';

/** Empty text means "none". */
const emptyAsNull = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? (value.trim() === '' ? null : value.trim()) : value;

export class UpdateCouncilRequestDto implements AdminCouncilUpdate {
  @ApiProperty({ description: 'takes payments online' })
  @IsBoolean()
  active: boolean;

  @ApiProperty({ nullable: true, example: '/assets/logos/mdpg.png', description: 'a path under the API origin' })
  @Transform(emptyAsNull)
  @IsOptional()
  @Matches(COUNCIL_LOGO_PATH, {
    message: 'logoUrl must be a path on this site such as /assets/logos/mdpg.png',
  })
  logoUrl: string | null;

  @ApiProperty({ nullable: true, description: 'printed under the signature on licences' })
  @Transform(emptyAsNull)
  @IsOptional()
  @IsString()
  @MaxLength(120)
  signatureOfficerName: string | null;

  @ApiProperty({ nullable: true })
  @Transform(emptyAsNull)
  @IsOptional()
  @IsString()
  @MaxLength(120)
  signatureOfficerPost: string | null;

  @ApiProperty({
    required: false,
    nullable: true,
    description:
      'logo on receipts and licences: data:image/png;base64,... or data:image/svg+xml;base64,... (20 KB); stored as a PNG',
  })
  @Transform(emptyAsNull)
  @IsOptional()
  @IsString()
  @MaxLength(30_000, { message: 'logoImage is larger than 20 KB; please upload a smaller image' })
  logoImage?: string | null;

  @ApiProperty({ required: false, nullable: true, description: 'officer signature on licences, as logoImage' })
  @Transform(emptyAsNull)
  @IsOptional()
  @IsString()
  @MaxLength(30_000, { message: 'signatureImage is larger than 20 KB; please upload a smaller image' })
  signatureImage?: string | null;
}
