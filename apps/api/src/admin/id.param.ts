import { ApiProperty } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';

/** A record's uuid in a route (notifications, users). */
export class UuidParam {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'id is not a record id' })
  id: string;
}
