import {
  COUNCIL_CODES,
  COUNCIL_ROLES,
  encodeGrant,
  grantsOf,
  isCouncilRole,
  type CouncilGrant,
  type CouncilRole,
} from '@councilpay/domain';
import type { Prisma } from '../generated/prisma/client';
import { ApiError } from '../http/api-error';

/** The accounts holding one of these roles in a council (stored grants, or an older account's roles and councils). */
export function holdingRoleIn(council: string, roles: readonly CouncilRole[] = COUNCIL_ROLES): Prisma.UserWhereInput {
  return {
    OR: [
      { councilRoles: { hasSome: roles.map((role) => encodeGrant({ council, role })) } },
      { roles: { hasSome: [...roles] }, councils: { has: council } },
    ],
  };
}

/** The accounts holding a role in any of these councils (`all`: any council). */
export function staffOf(
  councils: readonly string[] | 'all',
  roles: readonly CouncilRole[] = COUNCIL_ROLES,
): Prisma.UserWhereInput {
  const codes = councils === 'all' ? COUNCIL_CODES : councils;
  return {
    OR: [
      { councilRoles: { hasSome: codes.flatMap((council) => roles.map((role) => encodeGrant({ council, role }))) } },
      { roles: { hasSome: [...roles] }, councils: { hasSome: [...codes] } },
    ],
  };
}

type GrantedAccount = { roles: string[]; councils: string[]; councilRoles: string[]; emailVerifiedAt: Date | null };

/**
 * The columns that give an account these grants: every grant in `councilRoles`, none left in the older `roles`
 * and `councils` (an older council admin's grants move there on their first change).
 */
export function grantColumns(account: GrantedAccount, grants: readonly CouncilGrant[]) {
  return {
    roles: account.roles.filter((role) => !isCouncilRole(role)),
    councils: [],
    councilRoles: [...grants].sort((a, b) => a.council.localeCompare(b.council)).map(encodeGrant),
  };
}

/**
 * The account's grants with these councils set to a role (or removed: null), every other council as it was.
 * A staff role is never given to an account whose email is not verified: nobody proved the mailbox is theirs.
 */
export function withGrants(
  account: GrantedAccount,
  changes: readonly { council: string; role: CouncilRole | null }[],
): CouncilGrant[] {
  if (account.roles.includes('_admin')) {
    throw new ApiError(409, 'cannot_change_admin', 'A system administrator’s roles are not changed here');
  }
  if (changes.some((c) => c.role !== null) && account.emailVerifiedAt === null) {
    throw new ApiError(409, 'email_not_verified', 'Staff roles are only given to accounts with a verified email');
  }
  const byCouncil = new Map(grantsOf(account).map((g) => [g.council, g.role]));
  for (const change of changes) {
    if (change.role === null) byCouncil.delete(change.council);
    else byCouncil.set(change.council, change.role);
  }
  return [...byCouncil].map(([council, role]) => ({ council, role }));
}
