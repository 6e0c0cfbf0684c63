import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { DEFAULT_LANGUAGE, type Language, maskIdentity, validateNric, type RegisterStarted } from '@councilpay/domain';
import { AppConfig } from '../../../config/config';
import { APP_CONFIG } from '../../../config/config.module';
import { ApiError } from '../../../http/api-error';
import { queueNotification } from '../../../notifications/queue-notification';
import { PrismaService } from '../../../prisma/prisma.service';
import { LIMITS, PHONE_CODE_TTL_MS } from '../../identity.constants';
import { RateLimiter } from '../../../rate-limit/rate-limiter';
import { newPhoneCode, phoneCodeHash, sha256 } from '../../../auth/secrets';
import { hashPassword } from '../../../auth/passwords';
import { fieldError, NRIC_MESSAGES } from '../../../http/validators';
import { StartRegistrationCommand } from './start-registration.command';

/** What a PhoneVerification keeps until its code verifies: the account to create. */
export interface PendingRegistration {
  fullName: string;
  email: string;
  nricNo: string;
  phone: string;
  passwordHash: string;
  language: Language;
}

export function emailTaken(): ApiError {
  return new ApiError(409, 'email_already_exist', 'This email is already used by other account.', undefined, 'email');
}

export function nricTaken(): ApiError {
  return new ApiError(409, 'nric_already_registered', 'This NRIC already has an account.', undefined, 'nric');
}

export function smsFailed(): ApiError {
  return new ApiError(503, 'failed_to_send_sms', 'Failed to send SMS');
}

/**
 * Registration, step 1. Nothing is created but a pending registration (password already hashed, argon2id)
 * and the SMS with its 6-digit code, queued in the same transaction; the account exists only once the code
 * verifies. Rate-limited per address, per phone number (SMS cost money) and per email.
 *
 * It does the same work, and answers the same, whether or not the email or NRIC has an account already: no
 * account is looked up here, so neither the answer nor its time tells a stranger which emails are
 * registered. A taken email or NRIC is told at step 2, to whoever got the code on the phone.
 */
@CommandHandler(StartRegistrationCommand)
export class StartRegistrationHandler implements ICommandHandler<StartRegistrationCommand, RegisterStarted> {
  private readonly logger = new Logger(StartRegistrationHandler.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ request, address }: StartRegistrationCommand): Promise<RegisterStarted> {
    const nric = validateNric(request.nric);
    if (!nric.ok) throw fieldError('nric', nric.code, NRIC_MESSAGES[nric.code]);
    const message = 'Too many registrations. Please wait a while and try again.';
    await this.limiter.take(`register:address:${address}`, LIMITS.registerPerAddress, message);
    await this.limiter.take(`register:phone:${request.phone}`, LIMITS.registerPerPhone, message);
    await this.limiter.take(`register:email:${sha256(request.email)}`, LIMITS.registerPerEmail, message);

    const pending: PendingRegistration = {
      fullName: request.fullName,
      email: request.email,
      nricNo: nric.value,
      phone: request.phone,
      passwordHash: await hashPassword(request.password),
      language: request.language ?? DEFAULT_LANGUAGE,
    };
    const id = randomUUID();
    const code = newPhoneCode();
    try {
      await this.prisma.$transaction(async (tx) => {
        await tx.phoneVerification.create({
          data: {
            id,
            phone: pending.phone,
            email: pending.email,
            codeHash: phoneCodeHash(this.config.identity.sessionSecret, id, code),
            payload: { ...pending },
            expiresAt: new Date(Date.now() + PHONE_CODE_TTL_MS),
          },
        });
        await queueNotification(tx, {
          channel: 'sms',
          recipient: pending.phone,
          template: 'phone_code',
          language: pending.language,
          data: { code },
          dedupeKey: `phone-code-${id}-1`,
        });
      });
    } catch (error) {
      this.logger.error({ verificationId: id, err: error }, 'Registration code could not be queued');
      throw smsFailed();
    }
    this.logger.log({ verificationId: id }, 'Registration started, code queued');
    return { verificationId: id, phone: maskIdentity(pending.phone) };
  }
}
