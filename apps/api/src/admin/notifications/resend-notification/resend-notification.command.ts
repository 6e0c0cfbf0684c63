import type { Principal } from '../../../auth/principal';

/** Send one message again (audited): a failed one is queued again, a sent one is copied into a new message. */
export class ResendNotificationCommand {
  constructor(
    readonly principal: Principal,
    readonly notificationId: string,
  ) {}
}
