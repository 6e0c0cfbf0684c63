/** One field a staff action changed: its dotted path and its value before and after (undefined: absent). */
export interface AuditChange {
  field: string;
  before: unknown;
  after: unknown;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The fields a staff action changed, from the record before and after it: nested objects are walked (one row per
 * changed leaf, `refund.amountSen`), lists compared whole; what stayed the same is left out. An action with no
 * record before (something created or done) lists every field it recorded after.
 */
export function auditChanges(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
  prefix = '',
): AuditChange[] {
  const changes: AuditChange[] = [];
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  for (const key of keys) {
    const a = before?.[key];
    const b = after?.[key];
    const field = prefix ? `${prefix}.${key}` : key;
    if (isPlainObject(a) || isPlainObject(b)) {
      changes.push(
        ...auditChanges(isPlainObject(a) ? a : undefined, isPlainObject(b) ? b : undefined, field).map((change) =>
          // A value that was a scalar on one side and an object on the other shows its scalar side too.
          !isPlainObject(a) && a !== undefined && change.before === undefined ? { ...change, before: a } : change,
        ),
      );
    } else if (!same(a, b)) {
      changes.push({ field, before: a, after: b });
    }
  }
  return changes;
}
