/**
 * The webhook events (webhooks.ts) as JSON Schema (2020-12, the dialect of OpenAPI 3.1), for the OpenAPI
 * document's `webhooks` section and for receivers that validate what they get. Every property is required and
 * no other is allowed, so a test that checks real events against these schemas fails when the events and the
 * schemas drift apart in either direction.
 */
import { PAYABLE_TYPES } from '../payable-types';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_EVENT_VERSION, type WebhookEventType } from './webhooks';

type Schema = Readonly<Record<string, unknown>>;

const string = (description?: string): Schema => ({ type: 'string', ...(description ? { description } : {}) });
const nullableString = (description: string): Schema => ({ type: ['string', 'null'], description });
const sen = (description: string): Schema => ({ type: 'integer', description: `${description} (sen)` });
const timestamp = (description: string): Schema => ({ type: 'string', format: 'date-time', description });
const malaysianDay = (description: string): Schema => ({
  type: 'string',
  pattern: '^\\d{4}-\\d{2}-\\d{2}$',
  description: `${description} (a Malaysian day, YYYY-MM-DD)`,
});
const payableType: Schema = { type: 'string', enum: [...PAYABLE_TYPES], description: 'The payable type' };
const method: Schema = { type: 'string', enum: ['fpx', 'card'] };

/** An object whose every property is required and which allows no other. */
function closed(description: string, properties: Record<string, Schema>): Schema {
  return {
    type: 'object',
    description,
    properties,
    required: Object.keys(properties),
    additionalProperties: false,
  };
}

const itemId = string("CouncilPay's id of the paid item: the key refund.made names items by");

/** The `data` of each event type, version WEBHOOK_EVENT_VERSION. */
export const WEBHOOK_DATA_SCHEMAS: Readonly<Record<WebhookEventType, Schema>> = {
  'bill.credited': closed('One paid item credited to its bill (a cart of three bills is three events)', {
    receiptNo: string("The council's receipt number for this item (unique across CouncilPay)"),
    accountNo: string('The account or bill number as searched (separators dropped)'),
    payableType,
    amountSen: sen('What the payer paid for this item'),
    creditSen: sen("What the bill's balance went down by (more than amountSen when a discount was granted)"),
    paymentReference: string("CouncilPay's payment reference (several items share one)"),
    gatewayTxnId: nullableString("The gateway's transaction id"),
    method,
    paidAt: timestamp('When the gateway approved the payment'),
    late: { type: 'boolean', description: 'Credited on a late approval (see payment.late_approval)' },
    itemId,
  }),
  'payment.late_approval': closed(
    "A gateway approved a payment after CouncilPay had called it failed, expired or cancelled: this council's items",
    {
      paymentReference: string(),
      gatewayTxnId: nullableString("The gateway's transaction id"),
      method,
      previousStatus: { type: 'string', enum: ['failed', 'expired', 'cancelled'] },
      approvedAt: timestamp('When the approval was recorded'),
      items: {
        type: 'array',
        items: closed('One item, and whether its bill could still be credited', {
          itemId,
          accountNo: string(),
          payableType,
          amountSen: sen('What the payer paid for this item'),
          credited: {
            type: 'boolean',
            description: 'Credited now (a bill.credited follows); otherwise the bill was settled meanwhile',
          },
          receiptNo: nullableString('The receipt number when credited'),
          refundDueSen: sen('What is owed back to the payer for this item'),
        }),
      },
    },
  ),
  'refund.made': closed("The part of a refund made that falls on this council's items", {
    refundId: string(),
    paymentReference: string(),
    amountSen: sen("This council's share of the refund (the sum of its items)"),
    refundDay: malaysianDay('The day the refund counts on'),
    madeAt: timestamp('When the refund was made'),
    items: {
      type: 'array',
      items: closed('One refunded item', {
        itemId,
        receiptNo: nullableString('The receipt number of the credited item'),
        accountNo: string(),
        payableType,
        amountSen: sen('What was paid back on this item'),
      }),
    },
  }),
  'day.signed_off': closed("A council admin signed a day off: its figures, as the console's day close defines them", {
    day: malaysianDay('The day signed off'),
    signedAt: timestamp('When it was signed'),
    signedBy: string('Who signed it (e-mail)'),
    paidSen: sen('Paid on the day'),
    refundsMadeSen: sen('Refunds made on the day'),
    netSen: sen('Paid less refunds made'),
  }),
};

/** The whole body of a call of one event type: the envelope with that type's data. */
export function webhookEventSchema(type: WebhookEventType): Schema {
  return closed(`The body of a ${type} call (JSON, UTF-8)`, {
    id: {
      type: 'string',
      pattern: '^evt_[0-9A-Za-z]{26}$',
      description: 'Unique per event; the same on every delivery',
    },
    type: { const: type },
    version: { const: WEBHOOK_EVENT_VERSION },
    createdAt: timestamp('When the event was written'),
    council: string('The council the event belongs to'),
    data: WEBHOOK_DATA_SCHEMAS[type],
  });
}

/** Every event type's body schema, in the order WEBHOOK_EVENT_TYPES lists them. */
export const WEBHOOK_EVENT_SCHEMAS: Readonly<Record<WebhookEventType, Schema>> = /* @__PURE__ */ Object.fromEntries(
  WEBHOOK_EVENT_TYPES.map((type) => [type, webhookEventSchema(type)]),
) as Record<WebhookEventType, Schema>;
