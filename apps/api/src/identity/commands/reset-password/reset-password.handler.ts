import { Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ApiError } from '../../../http/api-error';
import { PrismaService } from '../../../prisma/prisma.service';
import { LoginThrottle } from '../../../auth/login-throttle';
import { hashPassword } from '../../../auth/passwords';
import { toPrincipal, type Principal } from '../../../auth/principal';
import { sha256 } from '../../../auth/secrets';
import { ResetPasswordCommand } from './reset-password.command';
import { resetRefusal } from '../../reset-request';

/**
 * Sets the new password (argon2id) and uses the link up, with every other open link of the account, in one
 * transaction. The new hash changes the account's password stamp, so every session signed in before ends
 * at its next request. Opening the emailed link proves the mailbox, so the email counts as verified.
 */
@CommandHandler(ResetPasswordCommand)
export class ResetPasswordHandler implements ICommandHandler<ResetPasswordCommand, Principal> {
  private readonly logger = new Logger(ResetPasswordHandler.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly throttle: LoginThrottle,
  ) {}

  async execute({ resetId, password }: ResetPasswordCommand): Promise<Principal> {
    const id = sha256(resetId);
    const now = new Date();
    const refusal = resetRefusal(await this.prisma.passwordReset.findUnique({ where: { id } }), now);
    if (refusal) throw refusal;
    const passwordHash = await hashPassword(password);

    const user = await this.prisma.$transaction(async (tx) => {
      const used = await tx.passwordReset.updateManyAndReturn({
        where: { id, usedAt: null, expiresAt: { gt: now } },
        data: { usedAt: now },
      });
      // Another request used it in the meantime.
      if (used.length === 0) {
        throw (
          resetRefusal(await tx.passwordReset.findUnique({ where: { id } }), now) ??
          new ApiError(410, 'invalid_request', 'Invalid Request', { reason: 'used' })
        );
      }
      const { userId } = used[0];
      await tx.passwordReset.updateMany({ where: { userId, usedAt: null }, data: { usedAt: now } });
      const current = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { emailVerifiedAt: true } });
      return tx.user.update({
        where: { id: userId },
        data: { passwordHash, emailVerifiedAt: current.emailVerifiedAt ?? now },
      });
    });
    await this.throttle.clearAccount(user.email);
    this.logger.log({ userId: user.id }, 'Password reset; earlier sessions ended');
    return toPrincipal(user);
  }
}
