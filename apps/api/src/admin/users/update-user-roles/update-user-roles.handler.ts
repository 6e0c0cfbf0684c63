import { Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { AdminUserRow } from '@councilpay/domain';
import { ApiError } from '../../../http/api-error';
import { PrismaService } from '../../../prisma/prisma.service';
import { recordStaffAction } from '../../audit/staff-audit';
import { toAdminUserRow, USER_FIELDS } from '../user-row';
import { UpdateUserRolesCommand } from './update-user-roles.command';

/**
 * Grants or removes council admin, and sets the councils it covers, audited with the roles and councils
 * before and after. The `_admin` role is not given or taken here (that stays a deliberate act on the database),
 * and a council admin needs at least one council. The change takes effect on the account's next request: the
 * session loads the user from the database every time.
 */
@CommandHandler(UpdateUserRolesCommand)
export class UpdateUserRolesHandler implements ICommandHandler<UpdateUserRolesCommand, AdminUserRow> {
  private readonly logger = new Logger(UpdateUserRolesHandler.name);

  constructor(private readonly prisma: PrismaService) {}

  async execute({ principal, userId, update }: UpdateUserRolesCommand): Promise<AdminUserRow> {
    const councils = [...new Set(update.councils)].sort();
    if (update.councilAdmin && councils.length === 0) {
      throw new ApiError(400, 'validation_failed', 'A council admin needs at least one council', undefined, 'councils');
    }
    const user = await this.prisma.$transaction(async (tx) => {
      const rows = await tx.$queryRaw<
        { id: string }[]
      >`SELECT "id" FROM "User" WHERE "id" = ${userId}::uuid FOR UPDATE`;
      if (rows.length === 0) throw new ApiError(404, 'not_found', 'Not Found!');
      const before = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: USER_FIELDS });
      if (before.roles.includes('_admin')) {
        throw new ApiError(409, 'cannot_change_admin', 'A system administrator’s roles are not changed here');
      }
      const roles = before.roles.filter((role) => role !== 'council_admin');
      if (update.councilAdmin) roles.push('council_admin');
      const after = await tx.user.update({
        where: { id: userId },
        data: { roles, councils: update.councilAdmin ? councils : [], version: { increment: 1 } },
        select: USER_FIELDS,
      });
      await recordStaffAction(tx, principal, {
        action: 'user_roles_update',
        targetType: 'user',
        targetId: userId,
        councils: [...new Set([...before.councils, ...after.councils])].sort(),
        before: { email: before.email, roles: before.roles, councils: before.councils },
        after: { email: after.email, roles: after.roles, councils: after.councils },
      });
      return after;
    });
    this.logger.log(
      { userId, staffId: principal.id, roles: user.roles, councils: user.councils },
      'Roles changed by staff',
    );
    return toAdminUserRow(user);
  }
}
