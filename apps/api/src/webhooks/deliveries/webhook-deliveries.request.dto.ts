import { ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsIn,
  IsISO8601,
  IsOptional,
  Matches,
  ValidateIf,
} from 'class-validator';
import {
  WEBHOOK_DELIVERY_STATUSES,
  type WebhookDeliveryStatus,
  type WebhookRedeliverRequest,
} from '@councilpay/domain';

export class ListWebhookDeliveriesRequestDto {
  @ApiPropertyOptional({ enum: WEBHOOK_DELIVERY_STATUSES })
  @IsOptional()
  @IsIn(WEBHOOK_DELIVERY_STATUSES, { message: `status must be one of ${WEBHOOK_DELIVERY_STATUSES.join(', ')}` })
  status?: WebhookDeliveryStatus;

  @ApiPropertyOptional({ description: 'deliveries of events before this one (its eventSeq): the next page' })
  @IsOptional()
  @Matches(/^\d{1,18}$/, { message: 'before is not an event sequence number' })
  before?: string;
}

export class RedeliverWebhooksRequestDto implements WebhookRedeliverRequest {
  @ApiPropertyOptional({ type: [String], description: 'the deliveries to send again (ids)' })
  @ValidateIf((o: RedeliverWebhooksRequestDto) => o.deliveryIds !== undefined)
  @IsArray({ message: 'deliveryIds must be a list of delivery ids' })
  @ArrayNotEmpty({ message: 'deliveryIds must be a list of delivery ids' })
  @ArrayMaxSize(500, { message: 'at most 500 deliveryIds at once: use a time range for more' })
  @Matches(/^\d{1,18}$/, { each: true, message: 'deliveryIds must be a list of delivery ids' })
  deliveryIds?: string[];

  @ApiPropertyOptional({ format: 'date-time' })
  @ValidateIf((o: RedeliverWebhooksRequestDto) => o.from !== undefined)
  @IsISO8601({ strict: true }, { message: 'from must be a date and time (ISO 8601)' })
  from?: string;

  @ApiPropertyOptional({ format: 'date-time' })
  @ValidateIf((o: RedeliverWebhooksRequestDto) => o.to !== undefined)
  @IsISO8601({ strict: true }, { message: 'to must be a date and time (ISO 8601)' })
  to?: string;
}
