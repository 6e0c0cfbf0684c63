import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { CodeAnswer } from '@councilpay/domain';
import { AppConfig } from '../../../config/config';
import { APP_CONFIG } from '../../../config/config.module';
import { ApiError } from '../../../http/api-error';
import { PrismaService } from '../../../prisma/prisma.service';
import { queueEmailVerification } from '../../email-verification';
import { LIMITS } from '../../identity.constants';
import { RateLimiter } from '../../../rate-limit/rate-limiter';
import { sha256 } from '../../../auth/secrets';
import { ResendEmailVerificationCommand, VerifyEmailCommand } from './verify-email.command';

const invalidLink = (reason?: string) =>
  new ApiError(reason ? 410 : 404, 'invalid_request', 'Invalid Request', reason ? { reason } : undefined);

/**
 * Marks the account's email verified. From then on its history also shows the guest payments made with that
 * email. Opening the link again answers the same; a link for an address the account no longer has, or past
 * its 7 days, is refused.
 */
@CommandHandler(VerifyEmailCommand)
export class VerifyEmailHandler implements ICommandHandler<VerifyEmailCommand, CodeAnswer<'email_verified'>> {
  private readonly logger = new Logger(VerifyEmailHandler.name);

  constructor(private readonly prisma: PrismaService) {}

  async execute({ token }: VerifyEmailCommand): Promise<CodeAnswer<'email_verified'>> {
    const tokenHash = sha256(token);
    const now = new Date();
    const link = await this.prisma.emailVerification.findUnique({ where: { tokenHash }, include: { user: true } });
    if (!link) throw invalidLink();
    if (link.user.email !== link.email) throw invalidLink('email_changed');
    if (link.usedAt) {
      if (link.user.emailVerifiedAt) return { code: 'email_verified' };
      throw invalidLink('used');
    }
    if (link.expiresAt <= now) throw invalidLink('expired');
    await this.prisma.$transaction([
      this.prisma.emailVerification.updateMany({ where: { tokenHash, usedAt: null }, data: { usedAt: now } }),
      this.prisma.user.updateMany({
        where: { id: link.userId, email: link.email, emailVerifiedAt: null },
        data: { emailVerifiedAt: now },
      }),
    ]);
    this.logger.log({ userId: link.userId }, 'Email verified');
    return { code: 'email_verified' };
  }
}

@CommandHandler(ResendEmailVerificationCommand)
export class ResendEmailVerificationHandler implements ICommandHandler<
  ResendEmailVerificationCommand,
  CodeAnswer<'email_verified' | 'email_verification_sent'>
> {
  private readonly logger = new Logger(ResendEmailVerificationHandler.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({
    principal,
    language,
  }: ResendEmailVerificationCommand): Promise<CodeAnswer<'email_verified' | 'email_verification_sent'>> {
    if (principal.emailVerified) return { code: 'email_verified' };
    await this.limiter.take(
      `email-verification:user:${principal.id}`,
      LIMITS.emailVerificationPerUser,
      'Too many verification emails. Please check your inbox or try again tomorrow.',
    );
    try {
      await this.prisma.$transaction((tx) => queueEmailVerification(tx, principal, language, this.config.publicUrl));
    } catch (error) {
      this.logger.error({ userId: principal.id, err: error }, 'Verification email could not be queued');
      throw new ApiError(503, 'failed_to_send_email_verification', 'Failed to send email verification');
    }
    this.logger.log({ userId: principal.id }, 'Verification email queued again');
    return { code: 'email_verification_sent' };
  }
}
