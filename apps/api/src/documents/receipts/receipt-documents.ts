import { Injectable, Logger } from '@nestjs/common';
import {
  CARD_METHODS,
  councilName,
  isCardMethod,
  maskName,
  paymentBankName,
  type Language,
  type PaymentView,
} from '@councilpay/domain';
import { receiptDefinition, type ReceiptData } from '@councilpay/documents';
import { PrismaService } from '../../prisma/prisma.service';
import { RedisService } from '../../redis/redis.module';
import { DocumentSigner } from '../document-signer';
import { DocumentRenderer } from '../rendering/document-renderer';
import { PrintableImages } from '../rendering/printable-images';

/** Receipts exist for payments that were paid (a refunded payment keeps its receipt, showing its status). */
const RECEIPT_STATES = new Set(['paid', 'refunded']);

/** A rendered receipt is kept this long; any change to the payment (its version) makes a new one. */
const CACHE_TTL_SECONDS = 7 * 24 * 3600;
/** How long a request waits for the cache before rendering without it. */
const CACHE_WAIT_MS = 500;

export type ReceiptPdfResult =
  { ok: true; pdf: Buffer; filename: string; reference: string } | { ok: false; reason: 'not_found' | 'not_paid' };

/**
 * The PDF receipt of a payment, in a language, as a viewer may see it (`public` masks the payer's name).
 * Rendering takes a few hundred milliseconds (font subsetting), so a rendered receipt is cached in Redis,
 * keyed by the payment's version; the notify worker renders the payer's copy when it sends the paid email,
 * so the payer's own download is usually served from the cache. Redis being down only costs a render.
 */
@Injectable()
export class ReceiptDocuments {
  private readonly logger = new Logger(ReceiptDocuments.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly redis: RedisService,
    private readonly signer: DocumentSigner,
    private readonly renderer: DocumentRenderer,
    private readonly images: PrintableImages,
  ) {}

  async pdf(reference: string, language: Language | null, view: PaymentView): Promise<ReceiptPdfResult> {
    const payment = await this.prisma.payment.findUnique({
      where: { reference },
      include: { items: { orderBy: { position: 'asc' }, include: { council: true } } },
    });
    if (!payment) return { ok: false, reason: 'not_found' };
    // When it was paid: a refund (or its correction) moves finalAt, never paidAt.
    const paidAt = payment.paidAt ?? payment.finalAt;
    if (!RECEIPT_STATES.has(payment.status) || !paidAt) return { ok: false, reason: 'not_paid' };
    const lang = language ?? (payment.language as Language);
    const filename = `receipt-${payment.reference}.pdf`;
    const cacheKey = this.redis.key('receipt-pdf', payment.reference, lang, view, String(payment.version));
    const cached = await this.cached(cacheKey);
    if (cached) return { ok: true, pdf: cached, filename, reference };

    const paidItems = payment.items.filter((item) => item.receiptNo);
    const token = this.signer.sign({
      kind: 'receipt',
      reference: payment.reference,
      invoiceNo: payment.invoiceNo,
      amountSen: payment.amountSen,
      paidAt: paidAt.toISOString(),
      receiptNos: paidItems.map((item) => item.receiptNo as string),
    });
    const first = payment.items[0];
    const data: ReceiptData = {
      language: lang,
      councilName: first ? councilName(first.council, lang) : 'CouncilPay',
      logoDataUrl: first ? await this.images.of(first.council.code, 'logoImage', first.council.logoImage) : null,
      reference: payment.reference,
      invoiceNo: payment.invoiceNo,
      status: payment.status,
      paidAt,
      payerName: view === 'full' ? payment.payerName : maskName(payment.payerName),
      method: payment.method,
      bankName: paymentBankName(payment),
      cardScheme: isCardMethod(payment.cardMethod) ? CARD_METHODS[payment.cardMethod] : null,
      amountSen: payment.amountSen,
      items: payment.items.map((item) => ({
        councilName: councilName(item.council, lang),
        type: item.type,
        accountNo: item.accountNo,
        amountSen: item.amountSen,
        receiptNo: item.receiptNo,
      })),
      verifyUrl: this.signer.verifyUrl(token),
    };
    const started = Date.now();
    const pdf = await this.renderer.render(receiptDefinition(data), { reference, document: 'receipt' });
    this.logger.log(
      { reference, language: lang, view, ms: Date.now() - started, bytes: pdf.length },
      'Receipt rendered',
    );
    await this.store(cacheKey, pdf);
    return { ok: true, pdf, filename, reference };
  }

  private async cached(key: string): Promise<Buffer | null> {
    return this.bounded(async () => {
      await this.redis.ensureConnected();
      return this.redis.client.getBuffer(key);
    });
  }

  private async store(key: string, pdf: Buffer): Promise<void> {
    await this.bounded(() => this.redis.client.set(key, pdf, 'EX', CACHE_TTL_SECONDS));
  }

  /** A cache operation that never fails nor holds the caller (an email waiting to be sent) for long. */
  private async bounded<T>(work: () => Promise<T>): Promise<T | null> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), CACHE_WAIT_MS);
    });
    try {
      return await Promise.race([
        work().catch((error: unknown) => {
          this.logger.debug({ err: (error as Error).message }, 'Receipt cache unavailable');
          return null;
        }),
        timeout,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }
}
