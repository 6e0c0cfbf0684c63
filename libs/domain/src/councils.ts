/**
 * Council codes known to the portal plus the default `mdpg`. Names, titles, logos and
 * whether a council is active are data (Council rows), never code: this list only says which codes exist.
 */
export const DEFAULT_COUNCIL = 'mdpg';

export const COUNCIL_CODES = [
  'mdpg',
  'mps',
  'mpt',
  'mpp',
  'mdld',
  'mdppr',
  'mdkgu',
  'mdktn',
  'mdblr',
  'mdbft',
  'lbk',
  'mdsptg',
  'mdkm',
  'mdtrn',
  'mdknk',
  'mdspa',
  'mdrnu',
  'mdkb',
  'mdnbwn',
  'mdtbn',
  'mdkp',
  'mdtnm',
  'mdptn',
  'mdpts',
] as const;
export type CouncilCode = (typeof COUNCIL_CODES)[number];

export function isCouncilCode(value: unknown): value is CouncilCode {
  return typeof value === 'string' && (COUNCIL_CODES as readonly string[]).includes(value);
}

/** A council's name in a language (Malay, the default, for any other). */
export function councilName(
  council: { nameMs: string; nameEn: string; nameZh: string },
  language: 'ms' | 'en' | 'zh',
): string {
  return language === 'en' ? council.nameEn : language === 'zh' ? council.nameZh : council.nameMs;
}

/**
 * What a portal address opens: `/` the portal under the default council, `/<code>` (e.g. `/mps`) the portal
 * under that council (its title, logo and payable types), anything else nothing (the portal's not-found page).
 * Pages are hash routes after it (`/mps#/cart`), so the council stays through every page.
 */
export function portalEntry(pathname: string): { council: CouncilCode | null } | null {
  if (pathname === '/' || pathname === '/index.html') return { council: null };
  const code = /^\/([a-z0-9]+)\/?$/.exec(pathname)?.[1];
  return code !== undefined && isCouncilCode(code) ? { council: code } : null;
}

/** The portal address of a council's entry (`/mps`), or `/` for none or bills of several councils. */
export function portalPath(council: string | null | undefined): string {
  return council && isCouncilCode(council) ? `/${council}` : '/';
}

/** The one council all the bills belong to, or null when there are none or they span councils. */
export function billsCouncil(codes: readonly string[]): string | null {
  const distinct = new Set(codes);
  return distinct.size === 1 ? ([...distinct][0] ?? null) : null;
}

/**
 * A payment's receipt page (after the site's address): at its council's own portal address (`/mps#/receipt?…`)
 * when its bills are one council's, else at the portal's (`/#/receipt?…`). The e-mails and the return from the
 * bank both link it.
 */
export function receiptPath(reference: string, councils: readonly string[]): string {
  return `${portalPath(billsCouncil(councils))}#/receipt?reference=${encodeURIComponent(reference)}`;
}
