import {
  WEBHOOK_EVENT_ID_HEADER,
  WEBHOOK_EVENT_SCHEMAS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_SIGNATURE_TOLERANCE_S,
  WEBHOOK_TIMEOUT_MS,
} from '@councilpay/domain';
import type { WebhooksObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';

/**
 * The OpenAPI document's `webhooks` section: what CouncilPay POSTs to a council's endpoint, one entry per event
 * type, with the body's schema (libs/domain webhook-schemas.ts), the signature and event-id headers, and what the
 * receiver's answer means.
 */
export function councilWebhooks(): WebhooksObject {
  return Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          summary: `${type} (version 1)`,
          description:
            `Signed with the endpoint's secret: ${WEBHOOK_SIGNATURE_HEADER}: t=<unix seconds>,v1=<hex HMAC-SHA256 of ` +
            `"<t>.<raw body>">; refuse a t further than ${WEBHOOK_SIGNATURE_TOLERANCE_S} s from your clock. ` +
            `Delivered at least once (key on the event id) and in order per bill.`,
          operationId: `webhook_${type.replace('.', '_')}`,
          parameters: [
            {
              name: WEBHOOK_SIGNATURE_HEADER,
              in: 'header',
              required: true,
              schema: { type: 'string', pattern: '^t=\\d+(,v1=[0-9a-f]{64})+$' },
            },
            { name: WEBHOOK_EVENT_ID_HEADER, in: 'header', required: true, schema: { type: 'string' } },
          ],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: WEBHOOK_EVENT_SCHEMAS[type] } },
          },
          responses: {
            '2XX': { description: `Received (answer within ${WEBHOOK_TIMEOUT_MS / 1000} s)` },
            default: { description: 'Anything else, or no answer in time: sent again later, with backoff' },
          },
        },
      },
    ]),
  ) as WebhooksObject;
}
