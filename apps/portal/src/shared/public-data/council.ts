import type { CouncilDto, Language, Localized } from '@councilpay/domain';
import { DEFAULT_LANGUAGE } from '@councilpay/domain';

/** A localized text in `language`, else in Malay (the fallback), else ''. */
export function localizedText(text: Localized | null | undefined, language: Language): string {
  const own = text?.[language]?.trim();
  if (own) return own;
  return text?.[DEFAULT_LANGUAGE]?.trim() ?? '';
}

/** The council the portal is titled with: `code` (config.defaultCouncil), else the one marked default, else the first. */
export function pickDefaultCouncil(
  councils: readonly CouncilDto[],
  code: string | null | undefined,
): CouncilDto | null {
  return (
    councils.find((council) => council.code === code) ??
    councils.find((council) => council.isDefault) ??
    councils[0] ??
    null
  );
}

/** The council's name in `language` (Malay when it has none), or its code as a last resort. */
export function councilName(council: CouncilDto, language: Language): string {
  return localizedText(council.name, language) || council.code.toUpperCase();
}
