import { describe, expect, it } from 'vitest';
import {
  COUNCIL_ROLES,
  councilsWhere,
  decodeGrant,
  grantableRoles,
  grantsOf,
  isStaffMember,
  rolesWith,
  staffMay,
  STAFF_POWERS,
  type CouncilRole,
  type StaffPower,
} from './staff-roles';

const staff = (...grants: [string, CouncilRole][]) => ({
  roles: [...new Set(grants.map(([, role]) => role))],
  grants: grants.map(([council, role]) => ({ council, role })),
});

describe('roles within a council', () => {
  it('gives each role exactly its powers: viewer reads, officer operates, approver approves, admin administers', () => {
    const expected: Record<CouncilRole, StaffPower[]> = {
      council_viewer: ['read'],
      council_officer: ['read', 'operate'],
      council_approver: ['read', 'operate', 'approve'],
      council_admin: ['read', 'operate', 'approve', 'administer'],
    };
    for (const role of COUNCIL_ROLES) {
      expect(STAFF_POWERS.filter((power) => staffMay(staff(['mdpg', role]), power, 'mdpg'))).toEqual(expected[role]);
    }
    expect(rolesWith('read')).toEqual([...COUNCIL_ROLES]);
    expect(rolesWith('approve')).toEqual(['council_approver', 'council_admin']);
    expect(rolesWith('administer')).toEqual(['council_admin']);
  });

  it('holds a power only in the councils of the role that gives it', () => {
    const officer = staff(['mdpg', 'council_officer'], ['mps', 'council_viewer']);
    expect(staffMay(officer, 'operate', 'mdpg')).toBe(true);
    expect(staffMay(officer, 'operate', 'mps')).toBe(false);
    expect(staffMay(officer, 'read', 'mps')).toBe(true);
    expect(staffMay(officer, 'read', 'mpt')).toBe(false);
    // A payment of two councils is acted on only by who may act in both.
    expect(staffMay(officer, 'operate', ['mdpg', 'mps'])).toBe(false);
    expect(staffMay(officer, 'read', ['mdpg', 'mps'])).toBe(true);
    expect(councilsWhere(officer, 'operate')).toEqual(['mdpg']);
    expect(councilsWhere(officer, 'read')).toEqual(['mdpg', 'mps']);
  });

  it('lets _admin do everything everywhere, and a payer nothing', () => {
    const admin = { roles: ['_admin' as const], grants: [] };
    expect(STAFF_POWERS.every((power) => staffMay(admin, power, 'mps'))).toBe(true);
    expect(councilsWhere(admin, 'administer')).toBe('all');
    const payer = { roles: ['user' as const], grants: [] };
    expect(isStaffMember(payer)).toBe(false);
    expect(STAFF_POWERS.some((power) => staffMay(payer, power))).toBe(false);
    expect(staffMay(undefined, 'read')).toBe(false);
  });

  it('lets a council admin grant any council role in their own councils only, and nobody grant _admin', () => {
    const mdpgAdmin = staff(['mdpg', 'council_admin'], ['mps', 'council_approver']);
    expect(grantableRoles(mdpgAdmin, 'mdpg')).toEqual([...COUNCIL_ROLES]);
    expect(grantableRoles(mdpgAdmin, 'mps')).toEqual([]);
    expect(grantableRoles(staff(['mdpg', 'council_approver']), 'mdpg')).toEqual([]);
    expect(grantableRoles({ roles: ['_admin'], grants: [] }, 'mps')).toEqual([...COUNCIL_ROLES]);
    expect(grantableRoles({ roles: ['_admin'], grants: [] }, 'nowhere')).toEqual([]);
    expect(grantableRoles({ roles: ['_admin'], grants: [] }, 'mdpg')).not.toContain('_admin');
  });

  it('reads an account’s grants from its stored grants and from an older council admin’s roles and councils', () => {
    expect(grantsOf({ roles: ['council_admin'], councils: ['mps', 'mdpg'], councilRoles: [] })).toEqual([
      { council: 'mdpg', role: 'council_admin' },
      { council: 'mps', role: 'council_admin' },
    ]);
    expect(
      grantsOf({
        roles: ['user'],
        councils: [],
        councilRoles: ['mdpg:council_officer', 'mps:council_viewer', 'nowhere:council_admin', 'mdpg:_admin'],
      }),
    ).toEqual([
      { council: 'mdpg', role: 'council_officer' },
      { council: 'mps', role: 'council_viewer' },
    ]);
    // Held twice, the stronger role counts.
    expect(grantsOf({ roles: ['council_admin'], councils: ['mdpg'], councilRoles: ['mdpg:council_viewer'] })).toEqual([
      { council: 'mdpg', role: 'council_admin' },
    ]);
    expect(decodeGrant('mdpg:_admin')).toBeNull();
    expect(decodeGrant('mdpg:council_viewer:x')).toBeNull();
  });
});
