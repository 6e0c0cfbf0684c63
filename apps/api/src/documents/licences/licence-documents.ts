import { Injectable, Logger } from '@nestjs/common';
import { isLanguage, type Language, type LicenceRowDto } from '@councilpay/domain';
import {
  LICENCE_AUTHORITATIVE_LANGUAGE,
  licenceDefinition,
  licencePrintRefusal,
  licenceTemplate,
  paidUntilText,
  type LicencePrintRefusal,
} from '@councilpay/documents';
import type { Council } from '../../generated/prisma/client';
import type { Principal } from '../../auth/principal';
import { ownPayments } from '../../payments/own-payments';
import { PrismaService } from '../../prisma/prisma.service';
import { DocumentSigner } from '../document-signer';
import { DocumentRenderer } from '../rendering/document-renderer';
import { PrintableImages } from '../rendering/printable-images';

const LICENCE_TYPES = ['trading_license', 'council_permit_license'] as const;

export type LicencePdfResult =
  { ok: true; pdf: Buffer; filename: string } | { ok: false; reason: 'not_found' | LicencePrintRefusal };

/** The council's own name: a licence is the council's document, issued in Malay. */
function councilName(council: Council): string {
  return council.nameMs;
}

function dataUrl(image: Uint8Array): string {
  const bytes = Buffer.from(image);
  const type = bytes[0] === 0xff && bytes[1] === 0xd8 ? 'image/jpeg' : 'image/png';
  return `data:${type};base64,${bytes.toString('base64')}`;
}

/**
 * The digital licences of the licences a signed-in payer has paid. The PDF is made on the first request for
 * the licence's latest paid item and stored with it (DigitalLicence); later requests get the stored one.
 * It is printed in the language asked for, else the one the payer paid in (as the receipt is): in Malay, the
 * licence's own language, alone (DigitalLicence.pdf); in English or Chinese, the Malay text with the payer's
 * beside it, the Malay prevailing (one DigitalLicenceCopy per language, made from the same stored facts).
 */
@Injectable()
export class LicenceDocuments {
  private readonly logger = new Logger(LicenceDocuments.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly signer: DocumentSigner,
    private readonly renderer: DocumentRenderer,
    private readonly images: PrintableImages,
  ) {}

  /** The payer's paid licence items, newest first, one per licence. */
  private async paidItems(principal: Principal, licenceRef?: string) {
    return this.prisma.paymentItem.findMany({
      where: {
        type: { in: [...LICENCE_TYPES] },
        receiptNo: { not: null },
        payment: { AND: [ownPayments(principal), { status: { in: ['paid', 'refunded'] } }] },
        payable: { licence: licenceRef ? { reference: licenceRef } : { isNot: null } },
      },
      include: {
        payment: { select: { paidAt: true, finalAt: true, reference: true, language: true } },
        council: true,
        payable: { include: { licence: { omit: { photo: true } } } },
        digitalLicence: { select: { id: true } },
      },
      orderBy: { payment: { finalAt: 'desc' } },
    });
  }

  async list(principal: Principal): Promise<LicenceRowDto[]> {
    const items = await this.paidItems(principal);
    const seen = new Set<string>();
    const rows: LicenceRowDto[] = [];
    const photos = new Set(
      (
        await this.prisma.licence.findMany({
          where: {
            id: { in: items.flatMap((i) => (i.payable.licence ? [i.payable.licence.id] : [])) },
            photo: { not: null },
          },
          select: { id: true },
        })
      ).map((l) => l.id),
    );
    for (const item of items) {
      const licence = item.payable.licence;
      if (!licence || seen.has(licence.id)) continue;
      seen.add(licence.id);
      rows.push({
        reference: licence.reference,
        licenceNo: licence.licenceNo,
        council: item.councilCode,
        kind: licence.kind,
        template: licenceTemplate(licence.kind, licence.printCode),
        statusl: licence.statusl,
        ownerName: item.payable.ownerName,
        receiptNo: item.receiptNo as string,
        paidAt: (item.payment.paidAt ?? item.payment.finalAt ?? new Date(0)).toISOString(),
        paidUntil:
          item.payable.paidUntilYear && item.payable.paidUntilMonth
            ? paidUntilText(item.payable.paidUntilYear, item.payable.paidUntilMonth)
            : null,
        blocked: licencePrintRefusal({ statusl: licence.statusl, hasPhoto: photos.has(licence.id) }),
      });
    }
    return rows;
  }

  async pdf(principal: Principal, licenceRef: string, requested: Language | null): Promise<LicencePdfResult> {
    const [item] = await this.paidItems(principal, licenceRef);
    const licenceRow = item?.payable.licence;
    if (!item || !licenceRow) return { ok: false, reason: 'not_found' };
    const licence = await this.prisma.licence.findUniqueOrThrow({ where: { id: licenceRow.id } });
    const refusal = licencePrintRefusal({ statusl: licence.statusl, hasPhoto: licence.photo !== null });
    if (refusal) return { ok: false, reason: refusal };
    const filename = `licence-${licence.reference}.pdf`;
    const language = requested ?? (isLanguage(item.payment.language) ? item.payment.language : 'ms');
    const inMalay = language === LICENCE_AUTHORITATIVE_LANGUAGE;
    const stored = await this.prisma.digitalLicence.findUnique({
      where: { paymentItemId: item.id },
      include: { copies: { where: { language } } },
    });
    if (inMalay && stored?.pdf) return { ok: true, pdf: Buffer.from(stored.pdf), filename };
    const storedCopy = stored?.copies[0];
    if (!inMalay && storedCopy) return { ok: true, pdf: Buffer.from(storedCopy.pdf), filename };

    // When it was paid: a refund (or its correction) moves finalAt, never paidAt.
    const paidAt = item.payment.paidAt ?? item.payment.finalAt ?? new Date();
    const paidUntilYear = stored?.paidUntilYear ?? item.payable.paidUntilYear ?? 0;
    const paidUntilMonth = stored?.paidUntilMonth ?? item.payable.paidUntilMonth ?? 0;
    const details = (item.payable.details ?? {}) as Record<string, unknown>;
    const text = (key: string) => (typeof details[key] === 'string' ? details[key] : null);
    const token = this.signer.sign({
      kind: 'licence',
      licenceRef: licence.reference,
      licenceNo: licence.licenceNo,
      receiptNo: item.receiptNo as string,
      amountSen: item.amountSen,
      paidAt: paidAt.toISOString(),
      paidUntil: `${paidUntilYear}-${String(paidUntilMonth).padStart(2, '0')}`,
    });
    const council = item.council;
    const [logoDataUrl, signatureDataUrl] = await Promise.all([
      this.images.of(council.code, 'logoImage', council.logoImage),
      this.images.of(council.code, 'signatureImage', council.signatureImage),
    ]);
    const pdf = await this.renderer.render(
      licenceDefinition({
        language,
        template: licenceTemplate(licence.kind, licence.printCode),
        councilName: councilName(item.council),
        logoDataUrl,
        licenceNo: licence.licenceNo,
        licenceRef: licence.reference,
        ownerName: item.payable.ownerName,
        photoDataUrl: dataUrl(licence.photo as Uint8Array),
        business: text('natureOfBusiness'),
        address: item.payable.address ?? text('premise'),
        location: text('location'),
        stallNo: text('stallNo'),
        receiptNo: item.receiptNo as string,
        paidAt,
        paidUntilYear,
        paidUntilMonth,
        amountSen: item.amountSen,
        officerName: item.council.signatureOfficerName,
        officerPost: item.council.signatureOfficerPost,
        signatureDataUrl,
        verifyUrl: this.signer.verifyUrl(token),
      }),
      { licence: licence.reference, document: 'licence', language },
    );
    // Two first requests at once: the first stored wins and both serve it.
    const digital = await this.prisma.digitalLicence.upsert({
      where: { paymentItemId: item.id },
      create: {
        licenceId: licence.id,
        paymentItemId: item.id,
        receiptNo: item.receiptNo as string,
        paidUntilYear,
        paidUntilMonth,
        amountSen: item.amountSen,
        pdf: inMalay ? new Uint8Array(pdf) : null,
      },
      update: {},
    });
    if (!inMalay) {
      const copy = await this.prisma.digitalLicenceCopy.upsert({
        where: { digitalLicenceId_language: { digitalLicenceId: digital.id, language } },
        create: { digitalLicenceId: digital.id, language, pdf: new Uint8Array(pdf) },
        update: {},
      });
      this.logger.log({ licence: licence.reference, receiptNo: item.receiptNo, language }, 'Digital licence made');
      return { ok: true, pdf: Buffer.from(copy.pdf), filename };
    }
    const kept = await this.prisma.digitalLicence.findUniqueOrThrow({ where: { paymentItemId: item.id } });
    if (!kept.pdf) {
      await this.prisma.digitalLicence.update({
        where: { paymentItemId: item.id },
        data: { pdf: new Uint8Array(pdf) },
      });
      return { ok: true, pdf, filename };
    }
    this.logger.log({ licence: licence.reference, receiptNo: item.receiptNo }, 'Digital licence made');
    return { ok: true, pdf: Buffer.from(kept.pdf), filename };
  }
}
