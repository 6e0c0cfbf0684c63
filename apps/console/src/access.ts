import {
  isStaffMember,
  isSystemAdmin as holdsSystemAdmin,
  staffMay,
  type CouncilGrant,
  type Role,
  type StaffPower,
} from '@councilpay/domain';
import { usePermissions } from 'react-admin';

/** What the authProvider knows of the signed-in staff member. */
export interface StaffPermissions {
  roles: Role[];
  councils: string[];
  grants: CouncilGrant[];
}

export function isSystemAdmin(permissions: StaffPermissions | undefined): boolean {
  return holdsSystemAdmin(permissions);
}

/** `_admin`, or a role in at least one council. */
export function isStaff(permissions: StaffPermissions | undefined): boolean {
  return isStaffMember(permissions);
}

/**
 * What each screen and action needs: a power (libs/domain staff-roles.ts: the council roles holding it may, in
 * their councils) or `_admin` alone. A resource or action not listed needs `read`.
 */
const NEEDS: Readonly<
  Record<string, Readonly<Record<string, StaffPower | '_admin'>> & { '*'?: StaffPower | '_admin' }>
> = {
  users: { '*': '_admin' },
  configuration: { '*': '_admin' },
  queues: { '*': '_admin' },
  councils: { edit: '_admin' },
  // Council API keys: a council admin sees their council's keys and requests; only `_admin` makes, rotates, revokes.
  'council-api-keys': { '*': 'administer', create: '_admin', edit: '_admin', delete: '_admin' },
  'council-api-requests': { '*': 'administer' },
  staff: { '*': 'administer' },
  invitations: { '*': 'administer' },
  payments: { requery: 'operate', resend: 'operate', refund: 'operate', approve: 'approve', correct: 'approve' },
  notifications: { resend: 'operate' },
  settlements: { create: 'operate', resolve: 'operate' },
  'day-close': { sign: 'approve' },
  'bill-imports': { create: 'operate' },
  'collection-files': { reproduce: 'operate' },
  webhooks: { create: 'administer', edit: 'administer', redeliver: 'operate' },
};

/** The power (or `_admin`) a resource's action needs. */
export function needed(resource: string, action: string): StaffPower | '_admin' {
  const rule = NEEDS[resource];
  return rule?.[action] ?? rule?.['*'] ?? 'read';
}

/**
 * react-admin's `canAccess`: what the console shows a staff member, in at least one of their councils (or in
 * these councils, when named). It only hides what may not be used: the API enforces every rule again on every
 * route.
 */
export function canAccess(
  permissions: StaffPermissions | undefined,
  resource: string,
  action: string,
  councils?: string | readonly string[],
): boolean {
  if (!isStaff(permissions)) return false;
  const need = needed(resource, action);
  return need === '_admin' ? isSystemAdmin(permissions) : staffMay(permissions, need, councils);
}

/**
 * Whether the signed-in staff member may do this action: in at least one council, or in these councils (every one
 * of them; with `some`, at least one: a record of several councils the API lets them act on for one of theirs).
 */
export function useMay(resource: string, action: string, councils?: string | readonly string[], some = false): boolean {
  const { permissions } = usePermissions<StaffPermissions>();
  if (some && Array.isArray(councils)) return councils.some((c: string) => canAccess(permissions, resource, action, c));
  return canAccess(permissions, resource, action, councils);
}
