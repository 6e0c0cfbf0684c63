import { createHash } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import {
  COUNCIL_API_MAX_BATCH,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  OPEN_PAYMENT_STATES,
  normaliseAccountId,
  parseBillItem,
  type BillItemError,
  type BillRecord,
  type CouncilBill,
  type CouncilBillBatchResult,
  type CouncilBillWithdrawal,
  type PayableType,
  type RowError,
} from '@councilpay/domain';
import { BillLedger } from '../bills/bill-ledger';
import { Prisma } from '../generated/prisma/client';
import { ApiError } from '../http/api-error';
import { PrismaService } from '../prisma/prisma.service';
import type { CouncilCaller } from './council-signature.guard';

/** Row errors answered at most; the count says how many there were. */
const ERRORS_ANSWERED = 200;

export interface KeptAnswer<T> {
  readonly status: number;
  readonly body: T;
}

/** The request an Idempotency-Key was first used with: method, path and the exact body. */
export function requestFingerprint(method: string, path: string, rawBody: Buffer | string): string {
  return createHash('sha256').update(`${method}\n${path}\n`).update(rawBody).digest('hex');
}

function checkIdempotencyKey(key: string | undefined): string {
  if (!key) {
    throw new ApiError(400, 'idempotency_key_required', `Send an ${IDEMPOTENCY_KEY_HEADER} header with each batch`);
  }
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new ApiError(
      400,
      'idempotency_key_invalid',
      `${IDEMPOTENCY_KEY_HEADER} must be 8 to 100 letters, digits or . _ : -`,
    );
  }
  return key;
}

/**
 * The bills API: a council's system states bills of one type (new, changed or unchanged, by account number),
 * withdraws one, or reads one, for its own council only. Rows are read by the file's layouts and rules
 * (`parseBillItem`) and planned and written by the one bill writer (BillLedger), all or none.
 */
@Injectable()
export class CouncilBills {
  private readonly logger = new Logger(CouncilBills.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly ledger: BillLedger,
  ) {}

  /**
   * Upserts a batch. The same Idempotency-Key with the same request answers what it answered the first time
   * and writes nothing; with another request, 409. A batch with an unreadable or refused bill writes nothing.
   */
  async upsert(
    caller: CouncilCaller,
    type: PayableType,
    items: readonly unknown[],
    idempotencyKey: string | undefined,
    fingerprint: string,
  ): Promise<KeptAnswer<CouncilBillBatchResult>> {
    const key = checkIdempotencyKey(idempotencyKey);
    const kept = await this.kept<CouncilBillBatchResult>(caller, key, fingerprint);
    if (kept) return kept;
    if (items.length > COUNCIL_API_MAX_BATCH) {
      throw new ApiError(413, 'batch_too_large', `A batch holds at most ${COUNCIL_API_MAX_BATCH} bills: split it`, {
        max: COUNCIL_API_MAX_BATCH,
        count: items.length,
      });
    }
    const bills: BillRecord[] = [];
    const errors: (RowError | BillItemError)[] = [];
    items.forEach((item, index) => {
      const read = parseBillItem(type, caller.councilCode, item, index);
      if (read.ok) bills.push(read.bill);
      else errors.push(...read.errors);
    });
    if (errors.length) {
      throw new ApiError(422, 'bills_invalid', 'Some bills cannot be read: correct them and send the batch again', {
        invalid: new Set(errors.map((e) => e.line)).size,
        errors: errors.slice(0, ERRORS_ANSWERED),
      });
    }
    try {
      const body = await this.prisma.$transaction(
        async (tx) => {
          // First, so a second request with the same key waits here for this one and then finds its answer.
          await tx.councilApiIdempotency.create({
            data: {
              councilCode: caller.councilCode,
              idempotencyKey: key,
              requestSha256: fingerprint,
              status: 200,
              response: {},
            },
          });
          const imp = await tx.billImport.create({
            data: {
              councilCode: caller.councilCode,
              type,
              source: 'api',
              sha256: fingerprint,
              status: 'confirmed',
              confirmedAt: new Date(),
            },
          });
          const plan = await this.ledger.write(tx, imp.id, caller.councilCode, type, bills, false);
          const refused = plan.bills.flatMap((p, index) =>
            p.outcome.outcome === 'refused' ? [{ index, accountNo: p.bill.displayNo, code: p.outcome.code }] : [],
          );
          if (refused.length) {
            throw new ApiError(
              422,
              'bills_refused',
              'Some bills cannot be stated now (see each code): nothing was written',
              { refused: refused.length, bills: refused.slice(0, ERRORS_ANSWERED) },
            );
          }
          const counts = { ...plan.counts, invalid: 0 };
          await tx.billImport.update({ where: { id: imp.id }, data: { counts: { ...counts } } });
          const result: CouncilBillBatchResult = { importId: imp.id, type, counts };
          await tx.councilApiIdempotency.update({
            where: { councilCode_idempotencyKey: { councilCode: caller.councilCode, idempotencyKey: key } },
            data: { response: { ...result, counts: { ...counts } }, importId: imp.id },
          });
          return result;
        },
        { timeout: 120_000, maxWait: 10_000 },
      );
      this.logger.log(
        { importId: body.importId, council: caller.councilCode, type, keyId: caller.keyId, counts: body.counts },
        'Bills stated by API',
      );
      return { status: 200, body };
    } catch (error) {
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
        const again = await this.kept<CouncilBillBatchResult>(caller, key, fingerprint);
        if (again) return again;
      }
      throw error;
    }
  }

  /** Withdraws one of the council's bills (kept, hidden from search and payment); refused while paid at the bank. */
  async withdraw(
    caller: CouncilCaller,
    type: PayableType,
    rawAccountNo: string,
    planType: string,
  ): Promise<CouncilBillWithdrawal> {
    const accountNo = normaliseAccountId(type, rawAccountNo);
    const result = await this.prisma.$transaction(async (tx) => {
      const imp = await tx.billImport.create({
        data: { councilCode: caller.councilCode, type, source: 'api', status: 'confirmed', confirmedAt: new Date() },
      });
      const done = await this.ledger.withdraw(tx, imp.id, caller.councilCode, type, accountNo, planType);
      if (!done) throw new ApiError(404, 'bill_not_found', 'Your council has no such bill');
      if (done.outcome.outcome === 'refused') {
        throw new ApiError(
          409,
          'payment_at_bank',
          'A payment for this bill is waiting for the bank: withdraw it once the bank has answered',
        );
      }
      const counts = { new: 0, changed: 0, unchanged: 0, withdrawn: 0, refused: 0, invalid: 0 };
      counts[done.outcome.outcome === 'withdrawn' ? 'withdrawn' : 'unchanged'] = 1;
      await tx.billImport.update({ where: { id: imp.id }, data: { counts } });
      return { importId: imp.id, accountNo: done.accountNo, outcome: done.outcome };
    });
    this.logger.log(
      { importId: result.importId, council: caller.councilCode, type, outcome: result.outcome.outcome },
      'Bill withdrawn by API',
    );
    return result;
  }

  /** One of the council's bills as the ledger holds it (withdrawn ones too, with their status). */
  async read(caller: CouncilCaller, type: PayableType, rawAccountNo: string, planType: string): Promise<CouncilBill> {
    const row = await this.prisma.payable.findFirst({
      where: { councilCode: caller.councilCode, type, accountNo: normaliseAccountId(type, rawAccountNo), planType },
      include: {
        paymentItems: {
          where: { payment: { status: { in: [...OPEN_PAYMENT_STATES] } } },
          select: { id: true },
          take: 1,
        },
      },
    });
    if (!row) throw new ApiError(404, 'bill_not_found', 'Your council has no such bill');
    return {
      type: row.type,
      accountNo: row.accountNo,
      displayNo: row.displayNo,
      planType: row.planType,
      status: row.status,
      ownerName: row.ownerName,
      balanceSen: row.balanceSen,
      minimumPaymentSen: row.minimumPaymentSen,
      details: (row.details ?? {}) as Record<string, unknown>,
      paymentAtBank: row.paymentItems.length > 0,
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  private async kept<T>(caller: CouncilCaller, key: string, fingerprint: string): Promise<KeptAnswer<T> | null> {
    const row = await this.prisma.councilApiIdempotency.findUnique({
      where: { councilCode_idempotencyKey: { councilCode: caller.councilCode, idempotencyKey: key } },
    });
    if (!row) return null;
    if (row.requestSha256 !== fingerprint) {
      throw new ApiError(
        409,
        'idempotency_key_reused',
        `This ${IDEMPOTENCY_KEY_HEADER} was used with another request: use a new key for a new batch`,
      );
    }
    return { status: row.status, body: row.response as unknown as T };
  }
}
