import { isStaffAccount, type Role } from '@councilpay/domain';

/** What the authProvider knows of the signed-in staff member. */
export interface StaffPermissions {
  roles: Role[];
  councils: string[];
}

export function isSystemAdmin(permissions: StaffPermissions | undefined): boolean {
  return permissions?.roles.includes('_admin') ?? false;
}

/** Any role but a payer's (libs/domain's rule). */
export function isStaff(permissions: StaffPermissions | undefined): boolean {
  return isStaffAccount(permissions?.roles ?? []);
}

/** Resources and actions only `_admin` may use; the API refuses them to a council admin anyway. */
const ADMIN_ONLY: Readonly<Record<string, ReadonlySet<string> | 'all'>> = {
  users: 'all',
  configuration: 'all',
  queues: 'all',
  councils: new Set(['edit']),
  // Council API keys: a council admin sees their council's keys and requests; only `_admin` makes, rotates, revokes.
  'council-api-keys': new Set(['create', 'edit', 'delete']),
};

/**
 * react-admin's `canAccess`: what the console shows a staff member. It only hides what may not be used: the
 * API enforces every rule again on every route.
 */
export function canAccess(permissions: StaffPermissions | undefined, resource: string, action: string): boolean {
  if (!isStaff(permissions)) return false;
  if (isSystemAdmin(permissions)) return true;
  const rule = ADMIN_ONLY[resource];
  return !rule || (rule !== 'all' && !rule.has(action));
}
