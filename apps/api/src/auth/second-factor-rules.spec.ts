import { describe, expect, it } from 'vitest';
import { isStaffMember, RECOVERY_CODE_COUNT } from '@councilpay/domain';
import { secondFactorState, type Principal } from './principal';
import {
  newRecoveryCode,
  newRecoveryCodes,
  normaliseRecoveryCode,
  normaliseTotpCode,
  recoveryCodeHash,
  stepAcceptable,
} from './second-factor-rules';
import { staffSessionIdle } from './sessions';

const principal = (over: Partial<Principal>): Principal => ({
  id: 'u',
  email: 'a@example.my',
  fullName: 'A',
  roles: ['council_admin'],
  councils: ['mdpg'],
  grants: [{ council: 'mdpg', role: 'council_admin' }],
  phone: null,
  nricNo: null,
  emailVerified: true,
  machineId: 'A10',
  stamp: 's',
  staff: true,
  secondFactorSince: null,
  ...over,
});

describe('staff second factor rules', () => {
  it('staff (who signs in with a second factor) is _admin or anyone with a role in a council, the weakest too', () => {
    expect(isStaffMember({ roles: ['user'], grants: [] })).toBe(false);
    expect(isStaffMember({ roles: [], grants: [] })).toBe(false);
    expect(isStaffMember({ roles: ['_admin'], grants: [] })).toBe(true);
    expect(isStaffMember({ roles: ['user'], grants: [{ council: 'mdpg', role: 'council_viewer' }] })).toBe(true);
    expect(isStaffMember({ roles: ['user'], grants: [{ council: 'mps', role: 'council_admin' }] })).toBe(true);
  });

  it('a time step is accepted once, never one older than the last accepted', () => {
    expect(stepAcceptable(100, null)).toBe(true);
    expect(stepAcceptable(101, 100)).toBe(true);
    expect(stepAcceptable(100, 100)).toBe(false);
    expect(stepAcceptable(99, 100)).toBe(false);
  });

  it('a TOTP code is six digits, spaces allowed', () => {
    expect(normaliseTotpCode('123456')).toBe('123456');
    expect(normaliseTotpCode(' 123 456 ')).toBe('123456');
    for (const bad of ['12345', '1234567', '12345a', '', '１２３４５６']) expect(normaliseTotpCode(bad)).toBeNull();
  });

  it('recovery codes: ten different ones, readable, compared however they are typed', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
    const code = newRecoveryCode();
    expect(normaliseRecoveryCode(` ${code.toUpperCase().replace('-', ' ')} `)).toBe(code.replace('-', ''));
    expect(recoveryCodeHash(code.toUpperCase())).toBe(recoveryCodeHash(code));
    expect(recoveryCodeHash(code)).not.toContain(code.replace('-', ''));
  });

  it('where a session stands: payers need none; staff enrol, then pass the enrolment they have now', () => {
    expect(secondFactorState(principal({ staff: false, roles: ['user'] }), undefined)).toBe('not_needed');
    expect(secondFactorState(principal({ secondFactorSince: null }), undefined)).toBe('enrolment_required');
    expect(secondFactorState(principal({ secondFactorSince: 5 }), undefined)).toBe('code_required');
    expect(secondFactorState(principal({ secondFactorSince: 5 }), 5)).toBe('passed');
    // Passed under an enrolment since reset and made again: not passed any more.
    expect(secondFactorState(principal({ secondFactorSince: 9 }), 5)).toBe('code_required');
    expect(secondFactorState(principal({ secondFactorSince: null }), 5)).toBe('enrolment_required');
  });

  it('a staff session is idle once the idle time has passed since a person’s last request', () => {
    expect(staffSessionIdle(undefined, 10_000, 1_000)).toBe(false);
    expect(staffSessionIdle(9_001, 10_000, 1_000)).toBe(false);
    expect(staffSessionIdle(9_000, 10_000, 1_000)).toBe(true);
  });
});
