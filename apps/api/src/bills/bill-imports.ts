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
  type CouncilCode,
  type PayableType,
  type RowError,
} from '@councilpay/domain';
import { Prisma } from '../generated/prisma/client';
import type { Principal } from '../auth/principal';
import { ApiError } from '../http/api-error';
import { PrismaService } from '../prisma/prisma.service';
import { BulkDatabase } from '../prisma/bulk-database';
import { recordStaffAction } from '../audit/staff-audit';
import { BILL_FILE_LIMITS, BillFileError, readBillFile, type BillFileKind, type BillFileLimits } from './bill-file';
import { lockBillWriter } from './bill-lock';
import { BILL_CHUNK, BillLedger, countOutcome, plannedWithdrawal } from './bill-ledger';
import {
  READING_FACTS,
  type ReadRow,
  refuseRepeats,
  setOutcomes,
  stageRows,
  stageWithdrawals,
  stagedChunks,
  stagedCounts,
  stagedFacts,
  stagedWithdrawals,
  lockStagedBills,
  type StagedBill,
  unnamedChunks,
} from './bill-staging';

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
  return { importId, kind: outcome };
}

/**
 * Council bill files: a preview reads the file row by row through the layouts, plans it against the ledger a chunk
 * at a time and keeps both (BillImport, BillImportRow) without touching a bill; confirm writes the kept bills
 * through the bill ledger in one transaction, a chunk at a time, and only if each bill's plan made then is the plan
 * the officer saw. A file of a million bills is never held in memory: its rows are in the database (bill-staging).
 */
@Injectable()
export class BillImports {
  private readonly logger = new Logger(BillImports.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly ledger: BillLedger,
    private readonly bulk: BulkDatabase,
  ) {}

  async preview(
    staff: Pick<Principal, 'id' | 'email'>,
    upload: BillFileUpload,
    limits: BillFileLimits = BILL_FILE_LIMITS,
  ): Promise<BillImportPreview> {
    const { councilCode, type } = upload;
    // On a bulk connection (see BulkDatabase): a million staged rows are not kept in memory after their statement.
    const preview = await this.bulk.transaction(async (tx) => {
      const [imp] = await tx.query<{ id: string }>(Prisma.sql`
        INSERT INTO "BillImport" ("id", "councilCode", "type", "source", "fileName", "sha256", "complete", "status",
          "staffId", "staffEmail")
        VALUES (gen_random_uuid(), ${councilCode}, ${type}::"PayableType", 'file', ${upload.fileName}, ${upload.sha256},
          ${upload.complete}, 'previewed', ${staff.id}::uuid, ${staff.email})
        RETURNING "id"::text AS "id"`);
      // While the file is read, each chunk's licences and other bills are planned as if each account were
      // stated once; dependent items wait for the whole file.
      let pending: ReadRow[] = [];
      const flush = async () => {
        const bills = pending.flatMap((r) => (r.bill && !r.bill.parentAccountNo ? [r.bill] : []));
        const planned = await this.ledger.planChunk(tx, councilCode, type, bills, READING_FACTS);
        const outcomes = new Map(planned.map((p) => [p.bill, p.outcome]));
        await stageRows(
          tx,
          imp.id,
          pending,
          pending.map((r) => (r.bill ? (outcomes.get(r.bill) ?? null) : null)),
        );
        pending = [];
      };
      for await (const row of this.read(upload, limits)) {
        pending.push(row);
        if (pending.length >= BILL_CHUNK) await flush();
      }
      await flush();
      await refuseRepeats(tx, imp.id);
      for await (const chunk of stagedChunks(tx, imp.id, 'dependents', { unplanned: true })) {
        const bills = chunk.map((r) => r.bill);
        const facts = await stagedFacts(tx, imp.id, bills);
        const planned = await this.ledger.planChunk(tx, councilCode, type, bills, facts);
        await setOutcomes(
          tx,
          chunk,
          planned.map((p) => p.outcome),
        );
      }
      if (upload.complete) {
        for await (const rows of unnamedChunks(tx, imp.id, councilCode, type)) {
          await stageWithdrawals(tx, imp.id, rows.map(plannedWithdrawal));
        }
      }
      const counts = { ...emptyBillCounts(), ...(await stagedCounts(tx, imp.id)) };
      await tx.execute(
        Prisma.sql`UPDATE "BillImport" SET "counts" = ${JSON.stringify(counts)}::jsonb WHERE "id" = ${imp.id}::uuid`,
      );
      return { id: imp.id, counts };
    });
    this.logger.log(
      { importId: preview.id, council: councilCode, type, counts: preview.counts },
      'Bill file previewed',
    );
    return preview;
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
    const councilCode = imp.councilCode as CouncilCode;
    const type = imp.type;
    await this.bulk.transaction(async (tx) => {
      await lockBillWriter(tx, councilCode, type);
      await lockStagedBills(tx, imp.id, councilCode, type, imp.complete);
      const now = emptyBillCounts();
      // What the officer saw is what is written, bill by bill; the ledger may have moved since the preview
      // (another import, a payment), and then nothing is.
      const check = (account: string, seen: unknown, planned: BillOutcome) => {
        if (billOutcomeFingerprint(seen) !== billOutcomeFingerprint(planned)) {
          throw new ApiError(
            409,
            'import_preview_stale',
            'The bills changed since this preview: upload the file again',
            {
              previewed,
              account,
              outcome: { previewed: seen, now: planned },
            },
          );
        }
        countOutcome(now, planned);
      };
      const write = async (chunk: StagedBill[]) => {
        const bills = chunk.map((r) => r.bill);
        // The preview refused nothing, so no account or reference is stated twice, and every licence the file
        // names is in the ledger by the time its dependents are written (licences first): the ledger answers.
        const planned = await this.ledger.planChunk(tx, councilCode, type, bills, READING_FACTS);
        planned.forEach((p, i) => check(p.bill.displayNo, chunk[i].outcome, p.outcome));
        await this.ledger.apply(tx, imp.id, councilCode, type, planned);
      };
      // Licences before their dependents (a dependent's licence must exist when it is written).
      for (const pass of ['licences', 'dependents'] as const) {
        for (const kind of ['new', 'changed', 'unchanged'] as const) {
          for await (const chunk of stagedChunks(tx, imp.id, pass, { kind })) await write(chunk);
        }
      }
      if (imp.complete) {
        let staged = 0;
        for await (const rows of unnamedChunks(tx, imp.id, councilCode, type)) {
          const withdrawals = rows.map(plannedWithdrawal);
          const seen = await stagedWithdrawals(tx, imp.id, withdrawals);
          for (const w of withdrawals) check(w.displayNo, seen.get(`${w.planType}|${w.accountNo}`) ?? null, w.outcome);
          staged += seen.size;
          await this.ledger.withdrawAll(tx, imp.id, withdrawals);
        }
        // Every withdrawal previewed is still one (a bill the list leaves out that was withdrawn since is not).
        if (staged !== previewed.withdrawn) {
          throw new ApiError(
            409,
            'import_preview_stale',
            'The bills changed since this preview: upload the file again',
            {
              previewed,
            },
          );
        }
      }
      if (now.new !== previewed.new || now.changed !== previewed.changed || now.unchanged !== previewed.unchanged) {
        throw new ApiError(409, 'import_preview_stale', 'The bills changed since this preview: upload the file again', {
          previewed,
        });
      }
      const updated = await tx.execute(Prisma.sql`
          UPDATE "BillImport" SET "status" = 'confirmed', "confirmedAt" = now()
          WHERE "id" = ${imp.id}::uuid AND "status" = 'previewed'`);
      if (updated !== 1) throw new ApiError(409, 'import_not_previewed', 'This import was confirmed already');
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
          counts: { ...now, invalid: 0 },
        },
      });
    });
    this.logger.log({ importId, council: imp.councilCode, type: imp.type, counts: previewed }, 'Bill file imported');
    return { id: imp.id, counts: previewed };
  }

  /** The row errors of an import, in file order. */
  async errors(importId: string): Promise<RowError[]> {
    const rows = await this.prisma.billImportRow.findMany({
      where: { importId, kind: 'invalid' },
      select: { errors: true },
      orderBy: { id: 'asc' },
    });
    return rows.flatMap((r) => (r.errors ?? []) as unknown as RowError[]);
  }

  /** The file's rows after its header, each a bill or the reasons its line could not be read. */
  private async *read(upload: BillFileUpload, limits: BillFileLimits): AsyncGenerator<ReadRow> {
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
        yield read.ok ? { line: row.line, bill: read.bill } : { line: row.line, errors: read.errors };
      }
    } catch (error) {
      if (error instanceof BillFileError) throw new ApiError(400, `bill_file.${error.code}`, error.message);
      throw error;
    }
  }
}
