import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { CodeAnswer, Language } from '@councilpay/domain';
import { BackgroundWork } from '../../../background/background-work';
import { AppConfig } from '../../../config/config';
import { APP_CONFIG } from '../../../config/config.module';
import { queueNotification } from '../../../notifications/queue-notification';
import { PrismaService } from '../../../prisma/prisma.service';
import { LIMITS, RESET_LINK_TTL_MS, resetLink } from '../../identity.constants';
import { RateLimiter } from '../../../rate-limit/rate-limiter';
import { newToken, sha256 } from '../../../auth/secrets';
import { ForgotPasswordCommand } from './forgot-password.command';

/**
 * Forgot password. The answer is always `email_sent`, whether or not the email has an account (and also
 * when that email asked too often: nothing more is sent), and it comes as soon as the address's rate limit
 * is counted: the account is looked up and its link made in the background, so the answer's time does not
 * tell either. An account gets a link with an unguessable id (256 random bits; only its sha256 is stored),
 * valid once and for 24 hours, queued with the row.
 */
@CommandHandler(ForgotPasswordCommand)
export class ForgotPasswordHandler implements ICommandHandler<ForgotPasswordCommand, CodeAnswer<'email_sent'>> {
  private readonly logger = new Logger(ForgotPasswordHandler.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly limiter: RateLimiter,
    private readonly background: BackgroundWork,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ email, language, address }: ForgotPasswordCommand): Promise<CodeAnswer<'email_sent'>> {
    const answer = { code: 'email_sent' } as const;
    await this.limiter.take(
      `reset:address:${address}`,
      LIMITS.resetPerAddress,
      'Too many reset requests. Please wait a while and try again.',
    );
    this.background.run('password-reset', () => this.sendLink(email, language));
    return answer;
  }

  private async sendLink(email: string, language: Language): Promise<void> {
    const user = await this.prisma.user.findUnique({ where: { email }, select: { id: true, fullName: true } });
    if (!user) return;
    const [max, windowMs] = LIMITS.resetPerEmail;
    if ((await this.limiter.hit(`reset:user:${user.id}`, windowMs)).count > max) {
      this.logger.warn({ userId: user.id }, 'Reset link not sent: asked too often');
      return;
    }

    const resetId = newToken();
    const id = sha256(resetId);
    const createdAt = new Date();
    await this.prisma.$transaction(async (tx) => {
      await tx.passwordReset.create({
        data: { id, userId: user.id, createdAt, expiresAt: new Date(createdAt.getTime() + RESET_LINK_TTL_MS) },
      });
      await queueNotification(tx, {
        channel: 'email',
        recipient: email,
        template: 'password_reset',
        language,
        data: { link: resetLink(this.config.publicUrl, resetId), name: user.fullName },
        dedupeKey: `password-reset-${id.slice(0, 32)}`,
      });
    });
    this.logger.log({ userId: user.id }, 'Reset link queued');
  }
}
