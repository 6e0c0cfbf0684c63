import { Injectable, Logger } from '@nestjs/common';
import {
  billOutcomeFingerprint,
  type AdminBillImport,
  type AdminBillImportRow,
  type BillImportStatus,
  type BillOutcome,
  type BillRowOutcome,
  emptyBillCounts,
  parseBillRow,
  readBillHeader,
  type BillOutcomeCounts,
  type BillRecord,
  type CouncilCode,
  type PayableType,
  type RowError,
} from '@councilpay/domain';
import { Prisma } from '../generated/prisma/client';
import type { Principal } from '../auth/principal';
import { ApiError } from '../http/api-error';
import { PrismaService } from '../prisma/prisma.service';
import { recordStaffAction } from '../admin/audit/staff-audit';
import { BILL_FILE_LIMITS, BillFileError, readBillFile, type BillFileKind, type BillFileLimits } from './bill-file';
import { BillLedger, type BillPlan } from './bill-ledger';

/** Staged rows written per statement (each statement's parameters are bounded). */
const ROWS_PER_INSERT = 2_500;
/** Row errors answered with a refused header or file; the error report has them all. */
const ERRORS_ANSWERED = 200;

export interface BillFileUpload {
  readonly councilCode: CouncilCode;
  readonly type: PayableType;
  /** The file is the complete list of the type's bills: the bills it does not name are withdrawn. */
  readonly complete: boolean;
  readonly fileName: string;
  readonly kind: BillFileKind;
  /** The upload as saved (`saveUpload`). */
  readonly path: string;
  readonly sha256: string;
}

export interface BillImportPreview {
  readonly id: string;
  readonly counts: BillOutcomeCounts;
}

/** What a plan does, bill by bill (withdrawals by account): equal only when every outcome is the same. */
function fingerprint(outcomes: readonly unknown[], withdrawals: readonly [string, unknown][]): string {
  const withdrawn = withdrawals.map(([account, outcome]) => `${account}:${billOutcomeFingerprint(outcome)}`).sort();
  return [...outcomes.map(billOutcomeFingerprint), ...withdrawn].join('\n');
}

const countsOf = (value: Prisma.JsonValue): BillOutcomeCounts => ({
  ...emptyBillCounts(),
  ...(value as Partial<BillOutcomeCounts>),
});

type BillImportRecord = Prisma.BillImportGetPayload<object>;

/** An import as the console lists it. */
export function toAdminBillImport(imp: BillImportRecord): AdminBillImport {
  return {
    id: imp.id,
    councilCode: imp.councilCode,
    type: imp.type,
    source: imp.source,
    fileName: imp.fileName,
    sha256: imp.sha256,
    complete: imp.complete,
    status: imp.status as BillImportStatus,
    staffEmail: imp.staffEmail,
    counts: countsOf(imp.counts),
    createdAt: imp.createdAt.toISOString(),
    confirmedAt: imp.confirmedAt?.toISOString() ?? null,
  };
}

type StagedRow = Prisma.BillImportRowGetPayload<object>;

/** A staged row as the preview lists it: the bill's number and owner, and what it does or why it cannot. */
export function toAdminBillImportRow(row: StagedRow): AdminBillImportRow {
  const bill = (row.bill ?? {}) as { displayNo?: string; ownerName?: string; balanceSen?: number };
  const outcome = row.outcome as BillOutcome | null;
  const errors = (row.errors ?? []) as unknown as RowError[];
  const base: AdminBillImportRow = {
    id: String(row.id),
    line: row.line,
    outcome: (outcome?.outcome ?? 'invalid') as BillRowOutcome,
    displayNo: bill.displayNo ?? null,
    ownerName: bill.ownerName ?? null,
    balanceSen: bill.balanceSen ?? null,
    balanceBeforeSen: null,
    fields: [],
    reinstated: false,
    refusal: null,
    errors,
  };
  if (!outcome) return base;
  switch (outcome.outcome) {
    case 'new':
      return { ...base, balanceSen: outcome.balanceSen };
    case 'changed':
      return {
        ...base,
        balanceSen: outcome.balanceAfterSen,
        balanceBeforeSen: outcome.balanceBeforeSen,
        fields: [...outcome.fields],
        reinstated: outcome.reinstated,
      };
    case 'withdrawn':
      return { ...base, balanceSen: null, balanceBeforeSen: outcome.balanceBeforeSen };
    case 'refused':
      return { ...base, refusal: outcome.code };
    default:
      return base;
  }
}

/** The staged rows of one outcome. */
export function rowsWhere(importId: string, outcome: BillRowOutcome): Prisma.BillImportRowWhereInput {
  return outcome === 'invalid'
    ? { importId, errors: { not: Prisma.DbNull } }
    : { importId, outcome: { path: ['outcome'], equals: outcome } };
}

/**
 * Council bill files: a preview reads the file row by row through the layouts, plans it against the ledger
 * and keeps both (BillImport, BillImportRow) without touching a bill; confirm writes the kept bills through the
 * bill ledger in one transaction, and only if the plan made then is the plan the officer saw.
 */
@Injectable()
export class BillImports {
  private readonly logger = new Logger(BillImports.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly ledger: BillLedger,
  ) {}

  async preview(
    staff: Pick<Principal, 'id' | 'email'>,
    upload: BillFileUpload,
    limits: BillFileLimits = BILL_FILE_LIMITS,
  ): Promise<BillImportPreview> {
    const { bills, lines, errors } = await this.read(upload, limits);
    const plan = await this.ledger.plan(this.prisma, upload.councilCode, upload.type, bills, upload.complete);
    const counts = { ...plan.counts, invalid: new Set(errors.map((e) => e.line)).size };
    // A million staged rows take minutes, as the confirm's write does: the default 30 s would end the preview.
    const created = await this.prisma.$transaction(
      async (tx) => {
        const imp = await tx.billImport.create({
          data: {
            councilCode: upload.councilCode,
            type: upload.type,
            source: 'file',
            fileName: upload.fileName,
            sha256: upload.sha256,
            complete: upload.complete,
            status: 'previewed',
            staffId: staff.id,
            staffEmail: staff.email,
            counts: { ...counts },
          },
        });
        await this.stage(tx, imp.id, plan, lines, errors);
        return imp;
      },
      { timeout: 600_000, maxWait: 10_000 },
    );
    this.logger.log(
      { importId: created.id, council: upload.councilCode, type: upload.type, counts },
      'Bill file previewed',
    );
    return { id: created.id, counts };
  }

  /** Writes a previewed import: all its bills or none. */
  async confirm(staff: Pick<Principal, 'id' | 'email'>, importId: string): Promise<BillImportPreview> {
    const imp = await this.prisma.billImport.findUnique({ where: { id: importId } });
    if (!imp) throw new ApiError(404, 'not_found', 'Not Found!');
    if (imp.status !== 'previewed') {
      throw new ApiError(409, 'import_not_previewed', 'This import was confirmed or discarded already');
    }
    const previewed = countsOf(imp.counts);
    if (previewed.invalid > 0 || previewed.refused > 0) {
      throw new ApiError(
        422,
        'import_has_errors',
        'The file has rows that cannot be imported: correct them and upload it again',
      );
    }
    const staged = await this.prisma.billImportRow.findMany({
      where: { importId, bill: { not: Prisma.DbNull } },
      select: { line: true, bill: true, outcome: true },
      orderBy: { id: 'asc' },
    });
    const billRows = staged.filter((r) => r.line !== null);
    const bills = billRows.map((r) => r.bill as unknown as BillRecord);
    const seen = fingerprint(
      billRows.map((r) => r.outcome),
      staged.filter((r) => r.line === null).map((r) => [(r.bill as { accountNo: string }).accountNo, r.outcome]),
    );
    const councilCode = imp.councilCode as CouncilCode;
    await this.prisma.$transaction(
      async (tx) => {
        const plan = await this.ledger.write(tx, imp.id, councilCode, imp.type, bills, imp.complete);
        const now = { ...plan.counts, invalid: 0 };
        const planned = fingerprint(
          plan.bills.map((p) => p.outcome),
          plan.withdrawals.map((w) => [w.accountNo, w.outcome]),
        );
        if (planned !== seen) {
          // The ledger changed since the preview (another import, a payment): what the officer saw is not what
          // would be written.
          throw new ApiError(
            409,
            'import_preview_stale',
            'The bills changed since this preview: upload the file again',
            {
              previewed,
              now,
            },
          );
        }
        const updated = await tx.billImport.updateMany({
          where: { id: imp.id, status: 'previewed' },
          data: { status: 'confirmed', confirmedAt: new Date() },
        });
        if (updated.count !== 1) throw new ApiError(409, 'import_not_previewed', 'This import was confirmed already');
        await recordStaffAction(tx, staff, {
          action: 'bill_import_confirm',
          targetType: 'bill_import',
          targetId: imp.id,
          councils: [imp.councilCode],
          before: null,
          after: {
            type: imp.type,
            fileName: imp.fileName,
            sha256: imp.sha256,
            complete: imp.complete,
            counts: { ...now },
          },
        });
      },
      { timeout: 600_000, maxWait: 10_000 },
    );
    this.logger.log({ importId, council: imp.councilCode, type: imp.type, counts: previewed }, 'Bill file imported');
    return { id: imp.id, counts: previewed };
  }

  /** The row errors of an import, in file order. */
  async errors(importId: string): Promise<RowError[]> {
    const rows = await this.prisma.billImportRow.findMany({
      where: { importId, line: { not: null } },
      select: { errors: true },
      orderBy: { id: 'asc' },
    });
    return rows.flatMap((r) => (r.errors ?? []) as unknown as RowError[]);
  }

  private async read(upload: BillFileUpload, limits: BillFileLimits) {
    const bills: BillRecord[] = [];
    const lines: number[] = [];
    const errors: RowError[] = [];
    let header: ReturnType<typeof readBillHeader> | null = null;
    try {
      for await (const row of readBillFile(upload.path, upload.kind, limits)) {
        if (!header) {
          header = readBillHeader(upload.type, row.cells);
          if (!header.ok) {
            throw new ApiError(400, 'bill_file_header', 'The first line does not name the columns of this bill type', {
              errors: header.errors.slice(0, ERRORS_ANSWERED),
            });
          }
          continue;
        }
        if (!header.ok) break;
        const read = parseBillRow(upload.type, upload.councilCode, header.header, row.cells, row.line);
        if (read.ok) {
          bills.push(read.bill);
          lines.push(row.line);
        } else errors.push(...read.errors);
      }
    } catch (error) {
      if (error instanceof BillFileError) throw new ApiError(400, `bill_file.${error.code}`, error.message);
      throw error;
    }
    return { bills, lines, errors };
  }

  private async stage(
    tx: Prisma.TransactionClient,
    importId: string,
    plan: BillPlan,
    lines: readonly number[],
    errors: readonly RowError[],
  ): Promise<void> {
    const byLine = new Map<number, RowError[]>();
    for (const e of errors) byLine.set(e.line, [...(byLine.get(e.line) ?? []), e]);
    const rows: Prisma.BillImportRowCreateManyInput[] = [
      ...plan.bills.map((p, i) => ({
        importId,
        line: lines[i],
        bill: p.bill as unknown as Prisma.InputJsonObject,
        outcome: p.outcome as unknown as Prisma.InputJsonObject,
      })),
      ...[...byLine].map(([line, rowErrors]) => ({
        importId,
        line,
        errors: rowErrors as unknown as Prisma.InputJsonArray,
      })),
      ...plan.withdrawals.map((w) => ({
        importId,
        line: null,
        bill: { accountNo: w.accountNo, displayNo: w.displayNo, planType: w.planType },
        outcome: w.outcome as unknown as Prisma.InputJsonObject,
      })),
    ].sort((a, b) => (a.line ?? Infinity) - (b.line ?? Infinity));
    for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
      await tx.billImportRow.createMany({ data: rows.slice(i, i + ROWS_PER_INSERT) });
    }
  }
}
