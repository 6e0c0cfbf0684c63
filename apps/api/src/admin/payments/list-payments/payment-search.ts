import { ADMIN_COUNT_CAP, INVOICE_NO_LENGTH } from '@councilpay/domain';
import { Prisma } from '../../../generated/prisma/client';
import type { PrismaService } from '../../../prisma/prisma.service';
import { prefixRange } from '../../../http/list-query';

/** Below this many characters a fragment has no trigram: only the beginning of a reference or invoice number. */
export const SEARCH_MIN_FRAGMENT = 3;
/** A payment reference: 'CP' and 20 characters of [A-Z2-9]. */
export const REFERENCE_LENGTH = 22;

/** `%` and `_` typed in the box are themselves, not LIKE's wildcards. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A LIKE pattern matching the fragment anywhere. */
const likeFragment = (text: string) => `%${escapeLike(text)}%`;

/**
 * The digits a typed phone fragment may be stored with: as typed, and for a Malaysian number typed from its
 * leading 0 ("012-345") also as stored in E.164 without the 0 ("+6012345" holds "6012345" and "12345").
 */
function phoneFragments(q: string): string[] {
  if (!/^[+\d\s-]+$/.test(q)) return [];
  const digits = q.replace(/\D/g, '');
  if (digits.length < SEARCH_MIN_FRAGMENT) return [];
  return [
    ...new Set([digits, digits.startsWith('0') && digits.length > SEARCH_MIN_FRAGMENT ? digits.slice(1) : digits]),
  ];
}

/**
 * The payments whose items' account numbers hold the fragment (as typed, and without spaces and dashes), newest
 * first, at most ADMIN_COUNT_CAP + 1 of them: read apart so the search's other columns stay one bitmap scan of
 * their trigram indexes (a relation filter inside OR would make PostgreSQL read every payment).
 */
async function paymentsByAccountFragment(prisma: PrismaService, q: string): Promise<string[]> {
  const forms = [...new Set([q, q.replace(/[\s-]/g, '')])].filter((f) => f.length >= SEARCH_MIN_FRAGMENT);
  if (forms.length === 0) return [];
  const patterns = forms.map(likeFragment);
  const rows = await prisma.$queryRaw<{ id: string }[]>`
    SELECT p."id" FROM "Payment" p
    WHERE p."id" IN (SELECT i."paymentId" FROM "PaymentItem" i WHERE i."accountNo" ILIKE ANY (${patterns}::text[]))
    ORDER BY p."createdAt" DESC
    LIMIT ${ADMIN_COUNT_CAP + 1}`;
  return rows.map((r) => r.id);
}

/**
 * Staff's one search box: a fragment of the reference, invoice number, payer's name, email or phone, or an item's
 * account number, any case ("recon" finds recon.team@example.my). Each is a pg_trgm GIN index, so a fragment of
 * three characters or more is an index lookup on a million payments; one or two characters can only be the
 * beginning of a reference or invoice number (a B-tree range).
 */
export async function paymentSearchWhere(prisma: PrismaService, raw: string): Promise<Prisma.PaymentWhereInput> {
  const q = raw.trim();
  if (q.length < SEARCH_MIN_FRAGMENT) {
    const upper = q.toUpperCase();
    const short: Prisma.PaymentWhereInput[] = [];
    if (/^[A-Z0-9]+$/.test(upper)) short.push({ reference: prefixRange(upper, REFERENCE_LENGTH, 'Z') });
    if (/^\d+$/.test(q)) short.push({ invoiceNo: prefixRange(q, INVOICE_NO_LENGTH, '9') });
    return short.length ? { OR: short } : { id: { in: [] } };
  }
  // Prisma's `contains` passes LIKE's wildcards through: a typed `%` or `_` is escaped to mean itself.
  const contains = (value: string) => ({ contains: escapeLike(value), mode: Prisma.QueryMode.insensitive });
  const or: Prisma.PaymentWhereInput[] = [
    { reference: contains(q) },
    { invoiceNo: contains(q) },
    { payerName: contains(q) },
    { payerEmail: contains(q) },
    ...phoneFragments(q).map((digits) => ({ payerPhone: contains(digits) })),
  ];
  const byAccount = await paymentsByAccountFragment(prisma, q);
  if (byAccount.length) or.push({ id: { in: byAccount } });
  return { OR: or };
}
