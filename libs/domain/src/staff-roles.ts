import { COUNCIL_CODES } from './councils';
import type { Role } from './contracts/identity';

/**
 * Staff roles within a council, weakest first. Each role may do all its predecessor may, and more:
 * - `council_viewer` reads everything of its councils and changes nothing;
 * - `council_officer` also works payments and files: requery, resend, record refunds, import bills, check
 *   settlement files and resolve their lines, redeliver webhooks;
 * - `council_approver` also approves or declines refunds awaiting approval, corrects refunds and signs the day
 *   close;
 * - `council_admin` also manages the council's staff and invitations, its webhook endpoints and sees its API keys.
 * `_admin` may do everything in every council, and is never a council role: nobody grants it through the API.
 */
export const COUNCIL_ROLES = ['council_viewer', 'council_officer', 'council_approver', 'council_admin'] as const;
export type CouncilRole = (typeof COUNCIL_ROLES)[number];

/** What a staff member may do; every admin route needs exactly one of these (or `_admin` itself). */
export const STAFF_POWERS = ['read', 'operate', 'approve', 'administer'] as const;
export type StaffPower = (typeof STAFF_POWERS)[number];

/** The weakest council role holding each power: the roles are ranked, so the stronger ones hold it too. */
const WEAKEST_WITH: Readonly<Record<StaffPower, CouncilRole>> = {
  read: 'council_viewer',
  operate: 'council_officer',
  approve: 'council_approver',
  administer: 'council_admin',
};

export function isCouncilRole(value: unknown): value is CouncilRole {
  return typeof value === 'string' && (COUNCIL_ROLES as readonly string[]).includes(value);
}

/** The council roles that hold a power (what a route's `@Roles(...)` lists). */
export function rolesWith(power: StaffPower): CouncilRole[] {
  return COUNCIL_ROLES.slice(COUNCIL_ROLES.indexOf(WEAKEST_WITH[power]));
}

/** Whether a council role holds a power. */
export function roleMay(role: CouncilRole, power: StaffPower): boolean {
  return COUNCIL_ROLES.indexOf(role) >= COUNCIL_ROLES.indexOf(WEAKEST_WITH[power]);
}

/** One person's role in one council. A person holds at most one role per council. */
export interface CouncilGrant {
  council: string;
  role: CouncilRole;
}

/** What the API and the console know of a staff member to decide what they may do. */
export interface StaffAccess {
  roles: readonly Role[];
  grants: readonly CouncilGrant[];
}

export function isSystemAdmin(access: Pick<StaffAccess, 'roles'> | undefined | null): boolean {
  return access?.roles.includes('_admin') ?? false;
}

/** Whether someone is staff at all: `_admin`, or a role in at least one council. */
export function isStaffMember(access: StaffAccess | undefined | null): boolean {
  return isSystemAdmin(access) || (access?.grants.length ?? 0) > 0;
}

/** The councils where someone holds a power: `all` for `_admin`. */
export function councilsWhere(access: StaffAccess | undefined | null, power: StaffPower): 'all' | string[] {
  if (!access) return [];
  if (isSystemAdmin(access)) return 'all';
  return [...new Set(access.grants.filter((g) => roleMay(g.role, power)).map((g) => g.council))].sort();
}

/**
 * Whether someone holds a power: in a council when one is named, in every one of several councils when a list is
 * named (a payment of two councils is acted on only by who may act in both), else in at least one council.
 */
export function staffMay(
  access: StaffAccess | undefined | null,
  power: StaffPower,
  council?: string | readonly string[],
): boolean {
  const where = councilsWhere(access, power);
  if (where === 'all') return true;
  if (council === undefined) return where.length > 0;
  const wanted = typeof council === 'string' ? [council] : council;
  return wanted.length > 0 && wanted.every((c) => where.includes(c));
}

/**
 * The roles someone may give (or take) in a council: `_admin` any council role anywhere; a council admin any
 * council role, up to council admin, in their own councils; nobody else any. `_admin` is never among them.
 */
export function grantableRoles(access: StaffAccess | undefined | null, council: string): CouncilRole[] {
  if (!(COUNCIL_CODES as readonly string[]).includes(council)) return [];
  return staffMay(access, 'administer', council) ? [...COUNCIL_ROLES] : [];
}

/** How a grant is stored on the account: `<council>:<role>`. Unknown councils or roles are dropped. */
export function encodeGrant(grant: CouncilGrant): string {
  return `${grant.council}:${grant.role}`;
}

export function decodeGrant(stored: string): CouncilGrant | null {
  const [council, role, ...rest] = stored.split(':');
  if (rest.length > 0 || !(COUNCIL_CODES as readonly string[]).includes(council) || !isCouncilRole(role)) return null;
  return { council, role };
}

/**
 * The grants an account holds, from its stored grants and, for accounts made before roles within a council
 * existed, its council roles applied to each of its listed councils. A council with two roles keeps the stronger.
 */
export function grantsOf(account: {
  roles: readonly string[];
  councils: readonly string[];
  councilRoles: readonly string[];
}): CouncilGrant[] {
  const byCouncil = new Map<string, CouncilRole>();
  const add = (grant: CouncilGrant) => {
    const held = byCouncil.get(grant.council);
    if (!held || COUNCIL_ROLES.indexOf(grant.role) > COUNCIL_ROLES.indexOf(held))
      byCouncil.set(grant.council, grant.role);
  };
  for (const role of account.roles.filter(isCouncilRole))
    for (const council of account.councils) {
      const grant = decodeGrant(`${council}:${role}`);
      if (grant) add(grant);
    }
  for (const stored of account.councilRoles) {
    const grant = decodeGrant(stored);
    if (grant) add(grant);
  }
  return [...byCouncil]
    .map(([council, role]) => ({ council, role }))
    .sort((a, b) => a.council.localeCompare(b.council));
}
