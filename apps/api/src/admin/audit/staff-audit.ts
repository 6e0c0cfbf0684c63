import type { StaffAction, StaffAuditRow, StaffAuditTarget } from '@councilpay/domain';
import type { Prisma, StaffAudit } from '../../generated/prisma/client';
import type { Principal } from '../../auth/principal';
import { councilScope } from '../../auth/roles';

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
  tx: Prisma.TransactionClient,
  staff: Pick<Principal, 'id' | 'email'>,
  entry: StaffActionRecord,
): Promise<void> {
  await tx.staffAudit.create({
    data: {
      staffId: staff.id,
      staffEmail: staff.email,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      councils: entry.councils,
      before: entry.before ?? undefined,
      after: entry.after ?? undefined,
    },
  });
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
