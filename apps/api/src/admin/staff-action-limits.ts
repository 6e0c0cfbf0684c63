import { Injectable } from '@nestjs/common';
import type { Principal } from '../auth/principal';
import { sha256 } from '../auth/secrets';
import { RateLimiter } from '../rate-limit/rate-limiter';

/**
 * How often staff may ask the bank about payments and have messages sent again: [how many, per window in ms].
 * An enquiry spends the gateway's enquiry budget shared with the requery worker; a resent message lands on a
 * payer's phone or in their inbox. Far above what a person does at a screen; beyond it 429.
 */
export const STAFF_ACTION_LIMITS = {
  /** Bank enquiries one staff member asks for. */
  requeryPerStaff: [30, 10 * 60_000],
  /** Bank enquiries about one payment, whoever asks (the worker asks on its own schedule besides). */
  requeryPerPayment: [5, 10 * 60_000],
  /** Messages one staff member has sent again. */
  resendPerStaff: [30, 10 * 60_000],
  /** Messages sent again to one email address or phone number, whoever asks. */
  resendPerRecipient: [5, 3600_000],
} as const satisfies Record<string, readonly [number, number]>;

/** Counts a staff member's requery and resend against STAFF_ACTION_LIMITS (in Redis, across API processes). */
@Injectable()
export class StaffActionLimits {
  constructor(private readonly limiter: RateLimiter) {}

  async requery(staff: Principal, reference: string): Promise<void> {
    const message = 'Too many bank enquiries were asked. Please wait a few minutes and try again.';
    await this.limiter.take(`staff-requery:staff:${staff.id}`, STAFF_ACTION_LIMITS.requeryPerStaff, message);
    await this.limiter.take(`staff-requery:payment:${reference}`, STAFF_ACTION_LIMITS.requeryPerPayment, message);
  }

  async resend(staff: Principal, recipient: string): Promise<void> {
    const message = 'Too many messages were sent again. Please wait a while and try again.';
    await this.limiter.take(`staff-resend:staff:${staff.id}`, STAFF_ACTION_LIMITS.resendPerStaff, message);
    await this.limiter.take(
      `staff-resend:recipient:${sha256(recipient.trim().toLowerCase())}`,
      STAFF_ACTION_LIMITS.resendPerRecipient,
      message,
    );
  }
}
