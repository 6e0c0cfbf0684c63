import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsIn,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateIf,
} from 'class-validator';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_URL_MAX_CHARS, type WebhookEventType } from '@councilpay/domain';
import { Trim } from '../../http/validators';

const EVENTS_MESSAGE = `events must list one or more of ${WEBHOOK_EVENT_TYPES.join(', ')}, each once`;

/** The fields an endpoint is made of; the URL's rule (https, public) is the handler's, from libs/webhooks. */
export class WebhookEndpointFieldsDto {
  @ApiProperty({ example: 'https://revenue.mbpj.gov.my/councilpay/events', maxLength: WEBHOOK_URL_MAX_CHARS })
  @Trim()
  @IsString({ message: 'url must be an address' })
  @MaxLength(WEBHOOK_URL_MAX_CHARS, { message: 'url is too long' })
  url: string;

  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES, isArray: true })
  @IsArray({ message: EVENTS_MESSAGE })
  @ArrayNotEmpty({ message: EVENTS_MESSAGE })
  @ArrayMaxSize(WEBHOOK_EVENT_TYPES.length, { message: EVENTS_MESSAGE })
  @ArrayUnique({ message: EVENTS_MESSAGE })
  @IsIn(WEBHOOK_EVENT_TYPES, { each: true, message: EVENTS_MESSAGE })
  events: WebhookEventType[];

  @ApiPropertyOptional({ description: 'what receives the events (at most 200 characters)', nullable: true })
  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(200, { message: 'description is at most 200 characters' })
  description?: string | null;
}

export class CreateWebhookEndpointRequestDto extends WebhookEndpointFieldsDto {
  @ApiProperty({ example: 'mbpj' })
  @Matches(/^[a-z0-9_-]{1,32}$/, { message: 'council is not a council code' })
  council: string;
}

/** Any of the fields (a URL or events given as null are left as they are; a null description clears it). */
export class UpdateWebhookEndpointRequestDto extends PartialType(WebhookEndpointFieldsDto) {
  @ApiPropertyOptional({ description: 'false turns it off; true turns it back on' })
  @ValidateIf((o: UpdateWebhookEndpointRequestDto) => o.enabled !== undefined)
  @IsBoolean({ message: 'enabled must be true or false' })
  enabled?: boolean;
}

export class ListWebhookEndpointsRequestDto {
  @ApiPropertyOptional({ example: 'mbpj' })
  @IsOptional()
  @Matches(/^[a-z0-9_-]{1,32}$/, { message: 'council is not a council code' })
  council?: string;
}
