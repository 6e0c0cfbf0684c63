/** Every BullMQ queue of CouncilPay. A job's name is its class name; each job module exports its data type. */
export enum QueueName {
  /** Moves transactional outbox rows onto the other queues. */
  Outbox = 'outbox',
  /** Email and SMS. */
  Notify = 'notify',
  /** Gateway enquiries for payments without a final answer, and their expiry. */
  Requery = 'requery',
  /** Housekeeping: reset-link expiry, the councils' daily collection files. */
  Maintenance = 'maintenance',
  /** Payments out: signed webhook calls to the councils' systems, and nothing else (nothing may hold them up). */
  Webhooks = 'webhooks',
}

export const ALL_QUEUES = Object.values(QueueName);
