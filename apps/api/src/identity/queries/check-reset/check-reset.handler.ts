import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { maskEmail, type ResetPasswordStatus } from '@councilpay/domain';
import { PrismaService } from '../../../prisma/prisma.service';
import { sha256 } from '../../../auth/secrets';
import { CheckResetQuery } from './check-reset.query';
import { resetRefusal } from '../../reset-request';

@QueryHandler(CheckResetQuery)
export class CheckResetHandler implements IQueryHandler<CheckResetQuery, ResetPasswordStatus> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ resetId }: CheckResetQuery): Promise<ResetPasswordStatus> {
    const reset = await this.prisma.passwordReset.findUnique({
      where: { id: sha256(resetId) },
      include: { user: { select: { email: true } } },
    });
    const refusal = resetRefusal(reset, new Date());
    if (refusal || !reset) throw refusal;
    return { email: maskEmail(reset.user.email), expiresAt: reset.expiresAt.toISOString() };
  }
}
