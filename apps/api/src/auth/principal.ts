import {
  grantsOf,
  isCouncilRole,
  isStaffMember,
  maskIdentity,
  ROLES,
  type CouncilGrant,
  type Role,
  type SecondFactorState,
  type SessionUser,
} from '@councilpay/domain';
import type { User } from '../generated/prisma/client';
import { passwordStamp } from './passwords';

/** The signed-in user as the API sees them on `req.user`: loaded from the database on every request. */
export interface Principal {
  id: string;
  email: string;
  fullName: string;
  /** `user`, `_admin`, and every council role held in some council. */
  roles: Role[];
  /** Every council the account holds a role in. */
  councils: string[];
  /** The role held in each council (see grantsOf). */
  grants: CouncilGrant[];
  phone: string | null;
  nricNo: string | null;
  emailVerified: boolean;
  machineId: string;
  /** The stamp of the password hash (see passwordStamp); internal, never answered. */
  stamp: string;
  /**
   * `_admin`, or a role in some council (isStaffMember): signs in with a second factor, and idle sessions end
   * after STAFF_SESSION_IDLE_MS.
   */
  staff: boolean;
  /**
   * When the second factor was turned on (ms), null while off. A session that passed the second factor keeps
   * this value: after a reset (or a new enrolment) it no longer matches, and the session must pass again.
   */
  secondFactorSince: number | null;
}

/** What a session stores: the user's id and the stamp of the password they signed in with. */
export interface SessionStamp {
  id: string;
  stamp: string;
}

const KNOWN_ROLES = new Set<string>(ROLES);

export function toPrincipal(user: User): Principal {
  const grants = grantsOf(user);
  const own = user.roles.filter((r): r is Role => KNOWN_ROLES.has(r) && !isCouncilRole(r));
  return {
    id: user.id,
    email: user.email,
    fullName: user.fullName,
    roles: [...own, ...new Set(grants.map((g) => g.role))],
    councils: [...new Set(grants.map((g) => g.council))],
    grants,
    phone: user.phone,
    nricNo: user.nricNo,
    emailVerified: user.emailVerifiedAt !== null,
    machineId: user.machineId,
    stamp: passwordStamp(user.passwordHash),
    staff: isStaffMember({ roles: own, grants }),
    secondFactorSince: user.totpEnabledAt?.getTime() ?? null,
  };
}

/**
 * Where a session stands with the second factor: `passedSince` is the enrolment time the session passed it
 * under (undefined when it has not). Payers need none.
 */
export function secondFactorState(p: Principal, passedSince: number | undefined): SecondFactorState {
  if (!p.staff) return 'not_needed';
  if (p.secondFactorSince === null) return 'enrolment_required';
  return passedSince === p.secondFactorSince ? 'passed' : 'code_required';
}

export function toSessionUser(p: Principal, secondFactor: SecondFactorState): SessionUser {
  return {
    name: p.email,
    fullName: p.fullName,
    roles: p.roles,
    councils: p.councils,
    grants: p.grants,
    phone: p.phone,
    nric: p.nricNo ? maskIdentity(p.nricNo) : null,
    emailVerified: p.emailVerified,
    machineId: p.machineId,
    secondFactor,
  };
}
