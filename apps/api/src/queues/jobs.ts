import { QueueName } from './queue-names';

/**
 * Every BullMQ job of CouncilPay: its name (what BullMQ stores), its queue and its data. Each has exactly one
 * handler, a class marked `@JobHandler('<name>')` in a `*.job.ts` file; the worker refuses to start when one
 * is missing or doubled (`JobHandlers`). Adding a job is: a line here, a line in JOB_QUEUES, a `*.job.ts`.
 */
export interface Jobs {
  /** Moves committed outbox rows onto their queues (repeatable, no data). */
  RelayOutbox: { queue: QueueName.Outbox; data: Record<string, never> };
  /** Delivers one Notification row (email or SMS); the job id is the row's, so it is enqueued once. */
  DeliverNotification: { queue: QueueName.Notify; data: { notificationId: string } };
  /** Gives a new job to messages whose job was lost or whose sender died mid-send (repeatable). */
  SweepNotifications: { queue: QueueName.Notify; data: Record<string, never> };
  /** One gateway enquiry for a payment without a final answer, then its expiry when due. */
  RequeryPayment: { queue: QueueName.Requery; data: { reference: string; attempt: number } };
  /** Finds payments whose next enquiry is due and queues a RequeryPayment for each (repeatable). */
  SweepOpenPayments: { queue: QueueName.Requery; data: Record<string, never> };
  /** Marks reset links past their 24 hours as used and removes old verification rows (repeatable). */
  ExpireResetRequests: { queue: QueueName.Maintenance; data: Record<string, never> };
  /** Sends the council webhook deliveries that are due, in order per bill (repeatable). */
  DeliverWebhooks: { queue: QueueName.Webhooks; data: Record<string, never> };
  /**
   * Keeps the councils' daily collection files of the days that are over (with their grace) (repeatable). On the
   * housekeeping queue, not the webhooks': a run can take minutes (a week of days to catch up, every council),
   * and the webhooks queue runs one job at a time, so deliveries would wait behind it.
   */
  ProduceCollectionFiles: { queue: QueueName.Maintenance; data: Record<string, never> };
}

export type JobName = keyof Jobs;
export type JobData<N extends JobName> = Jobs[N]['data'];

/** The queue each job runs on. */
export const JOB_QUEUES: { readonly [N in JobName]: Jobs[N]['queue'] } = {
  RelayOutbox: QueueName.Outbox,
  DeliverNotification: QueueName.Notify,
  SweepNotifications: QueueName.Notify,
  RequeryPayment: QueueName.Requery,
  SweepOpenPayments: QueueName.Requery,
  ExpireResetRequests: QueueName.Maintenance,
  DeliverWebhooks: QueueName.Webhooks,
  ProduceCollectionFiles: QueueName.Maintenance,
};

export const JOB_NAMES = Object.keys(JOB_QUEUES) as JobName[];

export function isJobName(name: string): name is JobName {
  return Object.prototype.hasOwnProperty.call(JOB_QUEUES, name);
}
