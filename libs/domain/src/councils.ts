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
