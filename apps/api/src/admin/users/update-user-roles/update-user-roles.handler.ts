import { Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { COUNCIL_CODES, grantsOf, type AdminUserRow, type CouncilRole } from '@councilpay/domain';
import { ApiError } from '../../../http/api-error';
import { PrismaService } from '../../../prisma/prisma.service';
import { recordStaffAction } from '../../../audit/staff-audit';
import { grantColumns, withGrants } from '../../../auth/staff-grants';
import { toAdminUserRow, USER_FIELDS } from '../user-row';
import { UpdateUserRolesCommand } from './update-user-roles.command';

/**
 * Grants or removes council admin, and sets the councils it covers, audited with the roles and councils
 * before and after: council admin in each listed council, and council admin taken away in every other (the account's
 * other roles in other councils stay). The `_admin` role is not given or taken here (that stays a deliberate act on
 * the database), a council admin needs at least one council, and an account whose email is not verified gets no
 * role (409 `email_not_verified`). The change takes effect on the account's next request: the session loads the
 * user from the database every time.
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
      const held = grantsOf(before);
      const wanted = update.councilAdmin ? councils : [];
      const changes = COUNCIL_CODES.flatMap((council): { council: string; role: CouncilRole | null }[] => {
        if (wanted.includes(council)) return [{ council, role: 'council_admin' }];
        const role = held.find((g) => g.council === council)?.role;
        return role === 'council_admin' ? [{ council, role: null }] : [];
      });
      const grants = withGrants(before, changes);
      const after = await tx.user.update({
        where: { id: userId },
        data: { ...grantColumns(before, grants), version: { increment: 1 } },
        select: USER_FIELDS,
      });
      const [was, is] = [toAdminUserRow(before), toAdminUserRow(after)];
      await recordStaffAction(tx, principal, {
        action: 'user_roles_update',
        targetType: 'user',
        targetId: userId,
        councils: [...new Set([...was.councils, ...is.councils])].sort(),
        before: { email: before.email, roles: was.roles, councils: was.councils },
        after: { email: after.email, roles: is.roles, councils: is.councils },
      });
      return after;
    });
    const row = toAdminUserRow(user);
    this.logger.log(
      { userId, staffId: principal.id, roles: row.roles, councils: row.councils },
      'Roles changed by staff',
    );
    return row;
  }
}
