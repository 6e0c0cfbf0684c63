import { ApiProperty } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';

/** A record's uuid in a route (notifications, users, bill files, API keys, webhook endpoints). */
export class UuidParam {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'id is not a record id' })
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a text is a uuid: a list asked for records by ids matches none for a text that is not one. */
export function isUuid(text: string): boolean {
  return UUID.test(text);
}
