import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { maskIdentity, type Language, type RegisterStarted } from '@councilpay/domain';
import { AppConfig } from '../../../config/config';
import { APP_CONFIG } from '../../../config/config.module';
import { ApiError } from '../../../http/api-error';
import { queueNotification } from '../../../notifications/queue-notification';
import { PrismaService } from '../../../prisma/prisma.service';
import { PHONE_CODE_MAX_SENDS, PHONE_CODE_RESEND_AFTER_MS, PHONE_CODE_TTL_MS } from '../../identity.constants';
import { tooManyRequests } from '../../../rate-limit/rate-limiter';
import { newPhoneCode, phoneCodeHash } from '../../../auth/secrets';
import { smsFailed, type PendingRegistration } from '../start-registration/start-registration.handler';
import { invalidCode, unknownVerification } from '../verify-registration/phone-code-refusal';
import { ResendCodeCommand } from './resend-code.command';

/**
 * Sends a new code for a pending registration: it replaces the old one and gets 10 minutes and 5 tries of
 * its own. At most PHONE_CODE_MAX_SENDS codes per registration, a minute apart (the last send is known from
 * the expiry: it is always send time + 10 minutes).
 */
@CommandHandler(ResendCodeCommand)
export class ResendCodeHandler implements ICommandHandler<ResendCodeCommand, RegisterStarted> {
  private readonly logger = new Logger(ResendCodeHandler.name);

  constructor(
    private readonly prisma: PrismaService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ verificationId }: ResendCodeCommand): Promise<RegisterStarted> {
    const row = await this.prisma.phoneVerification.findUnique({ where: { id: verificationId } });
    if (!row) throw unknownVerification();
    if (row.consumedAt) throw invalidCode('used');
    if (row.sends >= PHONE_CODE_MAX_SENDS) {
      throw new ApiError(429, 'too_many_requests', 'No more codes can be sent. Please register again later.');
    }
    const now = Date.now();
    const nextAllowed = row.expiresAt.getTime() - PHONE_CODE_TTL_MS + PHONE_CODE_RESEND_AFTER_MS;
    if (now < nextAllowed)
      throw tooManyRequests('Please wait a moment before asking for another code.', nextAllowed - now);

    const code = newPhoneCode();
    const sends = row.sends + 1;
    const language = (row.payload as unknown as PendingRegistration).language as Language;
    const updated = await this.prisma
      .$transaction(async (tx) => {
        // Only if no other resend got in first (the count of sends is the version).
        const { count } = await tx.phoneVerification.updateMany({
          where: { id: verificationId, sends: row.sends, consumedAt: null },
          data: {
            codeHash: phoneCodeHash(this.config.identity.sessionSecret, verificationId, code),
            attempts: 0,
            sends,
            expiresAt: new Date(now + PHONE_CODE_TTL_MS),
          },
        });
        if (count === 0) return false;
        await queueNotification(tx, {
          channel: 'sms',
          recipient: row.phone,
          template: 'phone_code',
          language,
          data: { code },
          dedupeKey: `phone-code-${verificationId}-${sends}`,
        });
        return true;
      })
      .catch((error: unknown) => {
        this.logger.error({ verificationId, err: error }, 'Registration code could not be queued');
        throw smsFailed();
      });
    if (!updated)
      throw tooManyRequests('Please wait a moment before asking for another code.', PHONE_CODE_RESEND_AFTER_MS);
    this.logger.log({ verificationId, sends }, 'Registration code sent again');
    return { verificationId, phone: maskIdentity(row.phone) };
  }
}
