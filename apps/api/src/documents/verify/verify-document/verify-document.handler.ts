import { Logger } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { ReceiptFacts, LicenceFacts } from '@councilpay/documents';
import { maskName, type VerifiedRefundDto, type VerifyResultDto } from '@councilpay/domain';
import { PrismaService } from '../../../prisma/prisma.service';
import { DocumentSigner } from '../../document-signer';
import { VerifyDocumentQuery } from './verify-document.query';

const sameList = (a: string[], b: string[]) =>
  a.length === b.length && [...a].sort().join('|') === [...b].sort().join('|');

/** What was given back of `amountSen` since the document was issued, when anything was. */
function refundOf(refundedSen: number, amountSen: number): VerifiedRefundDto | undefined {
  if (refundedSen <= 0) return undefined;
  return { kind: refundedSen >= amountSen ? 'full' : 'partial', refundedSen };
}

/**
 * A signature that does not hold is `altered` (edited, or made with another key). A signature that holds is
 * then compared with our records as they stood when the document was issued: no such document is `unknown`;
 * facts that differ from the record (which only a leaked key could produce) are `altered`; otherwise
 * `authentic`, with the facts, today's status and, apart from them, what was refunded since. A refund never
 * makes a genuine document read as altered: it changes the payment's status and finalAt, never what was signed
 * (the amount, the receipt numbers, paidAt).
 */
@QueryHandler(VerifyDocumentQuery)
export class VerifyDocumentHandler implements IQueryHandler<VerifyDocumentQuery, VerifyResultDto> {
  private readonly logger = new Logger(VerifyDocumentHandler.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly signer: DocumentSigner,
  ) {}

  async execute({ token }: VerifyDocumentQuery): Promise<VerifyResultDto> {
    const check = this.signer.check(token);
    if (check.verdict === 'malformed') return { verdict: 'unknown' };
    if (check.verdict === 'altered') {
      this.logger.warn({ length: token.length }, 'Document code with a signature that does not hold');
      return { verdict: 'altered' };
    }
    const facts = check.facts;
    return facts.kind === 'receipt' ? this.receipt(facts) : this.licence(facts);
  }

  private async receipt(facts: ReceiptFacts): Promise<VerifyResultDto> {
    const payment = await this.prisma.payment.findUnique({
      where: { reference: facts.reference },
      include: { items: { select: { receiptNo: true, councilCode: true } } },
    });
    const paidAt = payment?.paidAt ?? payment?.finalAt;
    if (!payment || !paidAt) return { verdict: 'unknown' };
    const receiptNos = payment.items.flatMap((item) => (item.receiptNo ? [item.receiptNo] : []));
    const matches =
      payment.invoiceNo === facts.invoiceNo &&
      payment.amountSen === facts.amountSen &&
      // Receipts carry when the payment was paid; those issued before paidAt was kept carry its finalAt then.
      (paidAt.toISOString() === facts.paidAt || payment.finalAt?.toISOString() === facts.paidAt) &&
      sameList(receiptNos, facts.receiptNos);
    if (!matches) {
      this.logger.warn({ reference: facts.reference }, 'Signed receipt code whose facts differ from the record');
      return { verdict: 'altered' };
    }
    // The payment's own refunds; one that gives back a second charge (gatewayAnswerId) leaves this one whole.
    const refunded = await this.prisma.refund.aggregate({
      where: { paymentId: payment.id, gatewayAnswerId: null },
      _sum: { amountSen: true },
    });
    const refund = refundOf(refunded._sum.amountSen ?? 0, payment.amountSen);
    return {
      verdict: 'authentic',
      status: payment.status,
      facts: {
        kind: 'receipt',
        reference: facts.reference,
        invoiceNo: facts.invoiceNo,
        receiptNos: facts.receiptNos,
        amountSen: facts.amountSen,
        paidAt: facts.paidAt,
        councils: [...new Set(payment.items.map((item) => item.councilCode))].sort(),
        holderName: maskName(payment.payerName),
      },
      ...(refund ? { refund } : {}),
    };
  }

  private async licence(facts: LicenceFacts): Promise<VerifyResultDto> {
    const stored = await this.prisma.digitalLicence.findFirst({
      where: { receiptNo: facts.receiptNo, licence: { reference: facts.licenceRef } },
      include: {
        licence: { include: { payable: { select: { councilCode: true, ownerName: true } } } },
        paymentItem: { include: { payment: true } },
      },
    });
    if (!stored) return { verdict: 'unknown' };
    const paidUntil = `${stored.paidUntilYear}-${String(stored.paidUntilMonth).padStart(2, '0')}`;
    const matches =
      stored.licence.licenceNo === facts.licenceNo &&
      stored.amountSen === facts.amountSen &&
      paidUntil === facts.paidUntil;
    if (!matches) return { verdict: 'altered' };
    // What was given back of the item that paid this licence.
    const refunded = await this.prisma.refundItem.aggregate({
      where: { paymentItemId: stored.paymentItemId },
      _sum: { amountSen: true },
    });
    const refund = refundOf(refunded._sum.amountSen ?? 0, stored.amountSen);
    return {
      verdict: 'authentic',
      status: stored.paymentItem.payment.status,
      facts: {
        kind: 'licence',
        reference: facts.licenceRef,
        licenceNo: facts.licenceNo,
        receiptNos: [facts.receiptNo],
        amountSen: facts.amountSen,
        paidAt: facts.paidAt,
        paidUntil: facts.paidUntil,
        councils: [stored.licence.payable.councilCode],
        holderName: maskName(stored.licence.payable.ownerName),
      },
      ...(refund ? { refund } : {}),
    };
  }
}
