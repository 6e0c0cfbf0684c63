import type { StaffAction, StaffAuditRow, StaffAuditTarget } from '@councilpay/domain';
import { Prisma, type StaffAudit } from '../generated/prisma/client';
import { rawSql, type RawDb } from '../prisma/raw-sql';
import type { Principal } from '../auth/principal';
import { councilScope } from '../auth/roles';

export interface StaffActionRecord {
  action: StaffAction;
  targetType: StaffAuditTarget;
  targetId: string;
  /** The councils the target belongs to (none for portal-wide records). */
  councils: string[];
  before: Prisma.InputJsonObject | null;
  after: Prisma.InputJsonObject | null;
}

/**
 * Records what a staff member did, in the transaction of the change itself: the change and its record are
 * written together or not at all. The table is append-only (a trigger refuses UPDATE and DELETE).
 */
export async function recordStaffAction(
  db: RawDb,
  staff: Pick<Principal, 'id' | 'email'>,
  entry: StaffActionRecord,
): Promise<void> {
  // Plain SQL, so that a bulk transaction (a bill file's confirm) records its action in the same transaction.
  const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));
  await rawSql(db).execute(Prisma.sql`
    INSERT INTO "StaffAudit" ("staffId", "staffEmail", "action", "targetType", "targetId", "councils", "before", "after")
    VALUES (${staff.id}::uuid, ${staff.email}, ${entry.action}, ${entry.targetType}, ${entry.targetId},
      ${[...entry.councils]}::text[], ${json(entry.before)}::jsonb, ${json(entry.after)}::jsonb)`);
}

/** The audit entries a staff member may read: all for `_admin`, those of their councils for a council admin. */
export function visibleAudit(principal: Principal): Prisma.StaffAuditWhereInput {
  const scope = councilScope(principal);
  return scope.all ? {} : { councils: { hasSome: scope.councils } };
}

function jsonObject(value: Prisma.JsonValue | null): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

export function toStaffAuditRow(row: StaffAudit): StaffAuditRow {
  return {
    id: row.id.toString(),
    staffId: row.staffId,
    staffEmail: row.staffEmail,
    // Written only by recordStaffAction, from the same lists.
    action: row.action as StaffAction,
    targetType: row.targetType as StaffAuditTarget,
    targetId: row.targetId,
    councils: row.councils,
    before: jsonObject(row.before),
    after: jsonObject(row.after),
    createdAt: row.createdAt.toISOString(),
  };
}
