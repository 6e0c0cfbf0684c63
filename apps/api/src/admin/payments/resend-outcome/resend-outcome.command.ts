import type { NotificationChannel } from '@councilpay/domain';
import type { Principal } from '../../../auth/principal';

/** Tell the payer the outcome of a payment again, by email or SMS (audited). */
export class ResendOutcomeCommand {
  constructor(
    readonly principal: Principal,
    readonly reference: string,
    readonly channel: NotificationChannel,
  ) {}
}
