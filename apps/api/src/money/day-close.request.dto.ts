import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches, MaxLength } from 'class-validator';

/** A council and a Malaysian day, as the day's close names them (query or path). */
export class DayCloseTargetDto {
  @ApiProperty({ example: 'mdpg' })
  @IsString()
  @Matches(/^[a-z]{2,10}$/, { message: 'council must be a council code' })
  @MaxLength(10)
  council: string;

  @ApiProperty({ example: '2026-11-25', description: 'YYYY-MM-DD, Malaysia time' })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'day must be YYYY-MM-DD' })
  day: string;
}
