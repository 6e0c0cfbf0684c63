import { ApiProperty } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';

/** A record's uuid in a route (notifications, users, bill files, API keys, webhook endpoints). */
export class UuidParam {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'id is not a record id' })
  id: string;
}
