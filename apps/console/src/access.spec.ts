import { describe, expect, it } from 'vitest';
import type { CouncilRole } from '@councilpay/domain';
import { canAccess, type StaffPermissions } from './access';

const of = (...grants: [string, CouncilRole][]): StaffPermissions => ({
  roles: [...new Set(grants.map(([, role]) => role))],
  councils: grants.map(([council]) => council),
  grants: grants.map(([council, role]) => ({ council, role })),
});

describe('what the console shows a staff member', () => {
  const admin: StaffPermissions = { roles: ['_admin'], councils: [], grants: [] };
  const mdpg = of(['mdpg', 'council_admin']);
  const viewer = of(['mdpg', 'council_viewer']);
  const officer = of(['mdpg', 'council_officer']);
  const approver = of(['mdpg', 'council_approver']);
  const payer: StaffPermissions = { roles: ['user'], councils: [], grants: [] };

  /** Every button the console shows only to whom may use it. */
  const ACTIONS: [string, string][] = [
    ['payments', 'requery'],
    ['payments', 'resend'],
    ['payments', 'refund'],
    ['payments', 'approve'],
    ['payments', 'correct'],
    ['notifications', 'resend'],
    ['settlements', 'create'],
    ['settlements', 'resolve'],
    ['day-close', 'sign'],
    ['bill-imports', 'create'],
    ['collection-files', 'reproduce'],
    ['webhooks', 'redeliver'],
    ['webhooks', 'create'],
    ['webhooks', 'edit'],
    ['staff', 'list'],
    ['invitations', 'create'],
  ];
  const allowed = (who: StaffPermissions, council?: string) =>
    ACTIONS.filter(([resource, action]) => canAccess(who, resource, action, council)).map(([r, a]) => `${r}.${a}`);

  it('shows _admin everything', () => {
    for (const [resource, action] of [
      ['users', 'list'],
      ['configuration', 'edit'],
      ['queues', 'list'],
      ['councils', 'edit'],
      ...ACTIONS,
    ]) {
      expect(canAccess(admin, resource, action)).toBe(true);
    }
  });

  it('shows a viewer every list and no action button', () => {
    for (const resource of ['payments', 'notifications', 'councils', 'audit', 'settlements', 'day-close', 'webhooks'])
      expect(canAccess(viewer, resource, 'list')).toBe(true);
    expect(allowed(viewer)).toEqual([]);
  });

  it('shows an officer the working buttons, never approving, signing or managing staff', () => {
    expect(allowed(officer, 'mdpg')).toEqual([
      'payments.requery',
      'payments.resend',
      'payments.refund',
      'notifications.resend',
      'settlements.create',
      'settlements.resolve',
      'bill-imports.create',
      'collection-files.reproduce',
      'webhooks.redeliver',
    ]);
  });

  it('shows an approver the officer’s buttons and approve, correct and sign', () => {
    expect(allowed(approver, 'mdpg')).toEqual([
      'payments.requery',
      'payments.resend',
      'payments.refund',
      'payments.approve',
      'payments.correct',
      'notifications.resend',
      'settlements.create',
      'settlements.resolve',
      'day-close.sign',
      'bill-imports.create',
      'collection-files.reproduce',
      'webhooks.redeliver',
    ]);
  });

  it('shows a council admin everything of their council, and staff and invitations', () => {
    expect(allowed(mdpg, 'mdpg')).toEqual(ACTIONS.map(([r, a]) => `${r}.${a}`));
  });

  it('shows the buttons of a council only where the role is held', () => {
    const mixed = of(['mdpg', 'council_approver'], ['mps', 'council_viewer']);
    expect(canAccess(mixed, 'day-close', 'sign', 'mdpg')).toBe(true);
    expect(canAccess(mixed, 'day-close', 'sign', 'mps')).toBe(false);
    // A payment of both councils is refunded only by who may in both.
    expect(canAccess(mixed, 'payments', 'refund', ['mdpg', 'mps'])).toBe(false);
    expect(canAccess(mdpg, 'payments', 'refund', 'mps')).toBe(false);
  });

  it('hides accounts, configuration, queues and council edits from a council admin', () => {
    expect(canAccess(mdpg, 'payments', 'list')).toBe(true);
    expect(canAccess(mdpg, 'payments', 'show')).toBe(true);
    expect(canAccess(mdpg, 'councils', 'show')).toBe(true);
    expect(canAccess(mdpg, 'councils', 'edit')).toBe(false);
    expect(canAccess(mdpg, 'users', 'list')).toBe(false);
    expect(canAccess(mdpg, 'configuration', 'edit')).toBe(false);
    expect(canAccess(mdpg, 'queues', 'list')).toBe(false);
  });

  it("lets a council admin see their council's API keys and requests, and only _admin make, rotate or revoke them", () => {
    expect(canAccess(mdpg, 'council-api-keys', 'list')).toBe(true);
    expect(canAccess(mdpg, 'council-api-requests', 'list')).toBe(true);
    expect(canAccess(mdpg, 'council-api-keys', 'create')).toBe(false);
    expect(canAccess(mdpg, 'council-api-keys', 'edit')).toBe(false);
    expect(canAccess(officer, 'council-api-keys', 'list')).toBe(false);
    expect(canAccess(admin, 'council-api-keys', 'create')).toBe(true);
    expect(canAccess(admin, 'council-api-keys', 'edit')).toBe(true);
  });

  it('shows a payer nothing', () => {
    expect(canAccess(payer, 'payments', 'list')).toBe(false);
    expect(canAccess(undefined, 'payments', 'list')).toBe(false);
  });
});
