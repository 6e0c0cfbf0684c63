import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@councilpay/domain';

/** Where the chosen language is kept on the device (spec: the portal remembers it). */
export const LANGUAGE_STORAGE_KEY = 'language';

/** localStorage, or undefined where it is unavailable (disabled storage, some private modes). */
export function deviceStorage(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

/** The stored language, or Malay when none (or an unknown one) is stored. */
export function readStoredLanguage(storage: Pick<Storage, 'getItem'> | undefined): Language {
  try {
    const stored = storage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export function storeLanguage(storage: Pick<Storage, 'setItem'> | undefined, language: Language): void {
  try {
    storage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage full or disabled: the choice lasts for this visit only.
  }
}
