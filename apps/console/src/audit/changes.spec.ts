import { describe, expect, it } from 'vitest';
import { auditChanges } from './changes';

describe('auditChanges', () => {
  it('lists only the fields that changed, nested ones by their dotted path', () => {
    expect(
      auditChanges(
        { active: true, nameMs: 'Majlis', roles: ['user'], limits: { cardMaxSen: 100, fpxMinSen: 100 } },
        {
          active: false,
          nameMs: 'Majlis',
          roles: ['user', 'council_admin'],
          limits: { cardMaxSen: 200, fpxMinSen: 100 },
        },
      ),
    ).toEqual([
      { field: 'active', before: true, after: false },
      { field: 'roles', before: ['user'], after: ['user', 'council_admin'] },
      { field: 'limits.cardMaxSen', before: 100, after: 200 },
    ]);
  });

  it('lists every field recorded after an action with nothing before, and fields removed', () => {
    expect(auditChanges(null, { amountSen: 1250, reason: 'Double payment' })).toEqual([
      { field: 'amountSen', before: undefined, after: 1250 },
      { field: 'reason', before: undefined, after: 'Double payment' },
    ]);
    expect(auditChanges({ url: 'https://a.example' }, {})).toEqual([
      { field: 'url', before: 'https://a.example', after: undefined },
    ]);
  });

  it('is empty when nothing changed', () => {
    expect(auditChanges({ a: 1, b: { c: [1, 2] } }, { a: 1, b: { c: [1, 2] } })).toEqual([]);
  });
});
