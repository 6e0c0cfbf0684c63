import { describe, expect, it } from 'vitest';
import { canAccess } from './access';

describe('what the console shows a staff member', () => {
  const admin = { roles: ['_admin' as const], councils: [] };
  const mdpg = { roles: ['council_admin' as const], councils: ['mdpg'] };
  const payer = { roles: ['user' as const], councils: [] };

  it('shows _admin everything', () => {
    for (const [resource, action] of [
      ['users', 'list'],
      ['configuration', 'edit'],
      ['queues', 'list'],
      ['councils', 'edit'],
    ]) {
      expect(canAccess(admin, resource, action)).toBe(true);
    }
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
    expect(canAccess(admin, 'council-api-keys', 'create')).toBe(true);
    expect(canAccess(admin, 'council-api-keys', 'edit')).toBe(true);
  });

  it('shows a payer nothing', () => {
    expect(canAccess(payer, 'payments', 'list')).toBe(false);
    expect(canAccess(undefined, 'payments', 'list')).toBe(false);
  });
});
