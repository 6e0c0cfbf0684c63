import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AppConfig } from '../../../config/config';
import { APP_CONFIG } from '../../../config/config.module';
import { Prisma } from '../../../generated/prisma/client';
import { ApiError } from '../../../http/api-error';
import { PrismaService } from '../../../prisma/prisma.service';
import { queueEmailVerification } from '../../email-verification';
import { LIMITS, PHONE_CODE_MAX_TRIES } from '../../identity.constants';
import { RateLimiter, tooManyRequests } from '../../../rate-limit/rate-limiter';
import { toPrincipal, type Principal } from '../../../auth/principal';
import { phoneCodeHash, sameSecret } from '../../../auth/secrets';
import { emailTaken, nricTaken, type PendingRegistration } from '../start-registration/start-registration.handler';
import { invalidCode, unknownVerification } from './phone-code-refusal';
import { VerifyRegistrationCommand } from './verify-registration.command';

/**
 * Registration, step 2. A code works for 10 minutes and 5 tries: every try is counted before the code is
 * compared (so parallel guesses cannot get more), and the sixth is refused even with the right code. The
 * right code creates the account (role `user`) and queues the email that verifies its address, in one
 * transaction; the controller then signs the new user in. A taken email or NRIC (one account each) is told
 * here, to whoever proved the phone with the code, never at step 1, and at most LIMITS.registerTakenPerPhone
 * times per phone.
 */
@CommandHandler(VerifyRegistrationCommand)
export class VerifyRegistrationHandler implements ICommandHandler<VerifyRegistrationCommand, Principal> {
  private readonly logger = new Logger(VerifyRegistrationHandler.name);

  constructor(
    private readonly prisma: PrismaService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly limiter: RateLimiter,
  ) {}

  async execute({ verificationId, code }: VerifyRegistrationCommand): Promise<Principal> {
    const now = new Date();
    const row = await this.prisma.phoneVerification.findUnique({ where: { id: verificationId } });
    if (!row) throw unknownVerification();
    if (row.consumedAt) throw invalidCode('used');
    if (row.expiresAt <= now) throw invalidCode('expired');

    const [counted] = await this.prisma.phoneVerification.updateManyAndReturn({
      where: { id: verificationId, consumedAt: null, attempts: { lt: PHONE_CODE_MAX_TRIES } },
      data: { attempts: { increment: 1 } },
      select: { attempts: true, codeHash: true },
    });
    if (!counted) throw invalidCode('voided', 0);
    const expected = phoneCodeHash(this.config.identity.sessionSecret, verificationId, code);
    if (!sameSecret(expected, counted.codeHash)) {
      const attemptsLeft = PHONE_CODE_MAX_TRIES - counted.attempts;
      this.logger.warn({ verificationId, attemptsLeft }, 'Wrong registration code');
      throw invalidCode(attemptsLeft > 0 ? 'wrong' : 'voided', attemptsLeft);
    }

    const pending = row.payload as unknown as PendingRegistration;
    try {
      const user = await this.prisma.$transaction(async (tx) => {
        const consumed = await tx.phoneVerification.updateMany({
          where: { id: verificationId, consumedAt: null },
          data: { consumedAt: now },
        });
        if (consumed.count === 0) throw invalidCode('used');
        const created = await tx.user.create({
          data: {
            email: pending.email,
            fullName: pending.fullName,
            nricNo: pending.nricNo,
            phone: pending.phone,
            passwordHash: pending.passwordHash,
            roles: ['user'],
            councils: [],
            type: 'user',
          },
        });
        await queueEmailVerification(tx, created, pending.language, this.config.publicUrl);
        return created;
      });
      this.logger.log({ userId: user.id, verificationId }, 'User registered');
      return toPrincipal(user);
    } catch (error) {
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
        // One account per email and per NRIC (unique in the database): say which one is taken, a few times a
        // day per phone, so the answer cannot be used to look up who is registered.
        const [max, windowMs] = LIMITS.registerTakenPerPhone;
        const told = await this.limiter.hit(`register-taken:phone:${pending.phone}`, windowMs);
        if (told.count > max) {
          this.logger.warn(
            { verificationId },
            'Registration with a taken email or NRIC refused: too many from one phone',
          );
          throw tooManyRequests('Too many registrations. Please wait a while and try again.', told.retryAfterMs);
        }
        const byEmail = await this.prisma.user.count({ where: { email: pending.email } });
        throw byEmail > 0 ? emailTaken() : nricTaken();
      }
      if (error instanceof ApiError) throw error;
      this.logger.error({ verificationId, err: error }, 'Registration could not be completed');
      throw new ApiError(503, 'failed_to_send_email_verification', 'Failed to send email verification');
    }
  }
}
