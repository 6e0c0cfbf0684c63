import { grantsOf, isCouncilRole, maskIdentity, type AdminUserRow, type Role } from '@councilpay/domain';
import type { Prisma } from '../../generated/prisma/client';

/** The fields a user row is made of: never the password hash. */
export const USER_FIELDS = {
  id: true,
  email: true,
  fullName: true,
  phone: true,
  nricNo: true,
  roles: true,
  councils: true,
  councilRoles: true,
  type: true,
  emailVerifiedAt: true,
  totpEnabledAt: true,
  createdAt: true,
} as const satisfies Prisma.UserSelect;

export type UserFields = Prisma.UserGetPayload<{ select: typeof USER_FIELDS }>;

export function toAdminUserRow(u: UserFields): AdminUserRow {
  const grants = grantsOf(u);
  return {
    id: u.id,
    email: u.email,
    fullName: u.fullName,
    phone: u.phone,
    nric: u.nricNo ? maskIdentity(u.nricNo) : null,
    roles: [...(u.roles as Role[]).filter((r) => !isCouncilRole(r)), ...new Set(grants.map((g) => g.role))],
    councils: grants.map((g) => g.council),
    grants,
    type: u.type,
    emailVerified: u.emailVerifiedAt !== null,
    secondFactorEnabled: u.totpEnabledAt !== null,
    createdAt: u.createdAt.toISOString(),
  };
}
