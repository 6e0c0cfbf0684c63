import { Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { grantsOf, isStaffMember, type AdminUserRow, type Role } from '@councilpay/domain';
import { ApiError } from '../../../http/api-error';
import { PrismaService } from '../../../prisma/prisma.service';
import { recordStaffAction } from '../../../audit/staff-audit';
import { toAdminUserRow, USER_FIELDS } from '../user-row';
import { ResetSecondFactorCommand } from './reset-second-factor.command';

/**
 * Turns a staff member's second factor off (a lost phone): the sealed secret, the last step and the recovery
 * codes are cleared, audited with whether it was on before. They enrol again at their next sign-in, and a
 * session of theirs that passed the old second factor must enrol before it may go on (the session keeps the
 * enrolment it passed, which no longer matches). A payer has no second factor: 409.
 */
@CommandHandler(ResetSecondFactorCommand)
export class ResetSecondFactorHandler implements ICommandHandler<ResetSecondFactorCommand, AdminUserRow> {
  private readonly logger = new Logger(ResetSecondFactorHandler.name);

  constructor(private readonly prisma: PrismaService) {}

  async execute({ principal, userId }: ResetSecondFactorCommand): Promise<AdminUserRow> {
    const user = await this.prisma.$transaction(async (tx) => {
      const rows = await tx.$queryRaw<
        { id: string }[]
      >`SELECT "id" FROM "User" WHERE "id" = ${userId}::uuid FOR UPDATE`;
      if (rows.length === 0) throw new ApiError(404, 'not_found', 'Not Found!');
      const before = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: USER_FIELDS });
      if (!isStaffMember({ roles: before.roles as Role[], grants: grantsOf(before) }))
        throw new ApiError(409, 'conflict', 'Only a staff account has a second factor');
      const after = await tx.user.update({
        where: { id: userId },
        data: { totpSecretSealed: null, totpEnabledAt: null, totpLastStep: null, recoveryCodeHashes: [] },
        select: USER_FIELDS,
      });
      await recordStaffAction(tx, principal, {
        action: 'user_second_factor_reset',
        targetType: 'user',
        targetId: userId,
        councils: [...before.councils].sort(),
        before: { email: before.email, secondFactorEnabled: before.totpEnabledAt !== null },
        after: { email: after.email, secondFactorEnabled: false },
      });
      return after;
    });
    this.logger.log({ userId, staffId: principal.id }, 'Second factor reset by staff');
    return toAdminUserRow(user);
  }
}
