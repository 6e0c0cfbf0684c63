import { ApiProperty } from '@nestjs/swagger';
import { Matches } from 'class-validator';

/** A payment reference in a route: 'CP' and 20 characters. */
export class ReferenceParam {
  @ApiProperty({ example: 'CPABCDEFGHJKLMNPQRSTU' })
  @Matches(/^CP[A-Z2-9]{20}$/, { message: 'reference is not a payment reference' })
  reference: string;
}
