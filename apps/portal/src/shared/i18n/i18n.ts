import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '@councilpay/domain';
import {
  I18N_NAMESPACE,
  loadCatalogue,
  loadMalayFeatures,
  msCore,
  resolveLanguage,
  type MessageKey,
} from '@councilpay/i18n';
import i18next, { type BackendModule, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { deviceStorage, readStoredLanguage, storeLanguage } from './language';

/**
 * Malay (default and fallback) is bundled for the groups the first paint needs (libs/i18n groups.ts) and
 * completed right after it (`allMessages`); English and Chinese are fetched whole when chosen. So the first
 * load carries a small part of one catalogue however many strings the portal grows.
 */
const catalogueBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, _namespace, callback) => {
    if (!isLanguage(language)) {
      callback(null, {});
      return;
    }
    loadCatalogue(language).then(
      (catalogue) => callback(null, catalogue),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

/** Sets `<html lang>` so assistive technology reads the page in the right language. */
function applyDocumentLanguage(language: Language): void {
  document.documentElement.lang = language;
}

/**
 * Starts i18next with the shared catalogues: the stored language or Malay, Malay as the fallback.
 * Resolves once the starting language is loaded. Changing language (i18next.changeLanguage) stores the
 * choice and updates `<html lang>`.
 */
export async function initI18n(): Promise<i18n> {
  const language = readStoredLanguage(deviceStorage());
  i18next.on('languageChanged', (changed: string) => {
    const next = resolveLanguage(changed);
    storeLanguage(deviceStorage(), next);
    applyDocumentLanguage(next);
  });
  await i18next
    .use(catalogueBackend)
    .use(initReactI18next)
    .init({
      resources: { [DEFAULT_LANGUAGE]: { [I18N_NAMESPACE]: msCore } },
      partialBundledLanguages: true,
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      load: 'languageOnly',
      ns: [I18N_NAMESPACE],
      defaultNS: I18N_NAMESPACE,
      returnEmptyString: false,
      // React escapes text itself.
      interpolation: { escapeValue: false },
    });
  applyDocumentLanguage(language);
  return i18next;
}

let malayFeatures: Promise<void> | null = null;

/**
 * Resolves once every message is there: the rest of Malay (the default and the fallback) added to the
 * core bundled with the first load. Started after the first paint; pages and dialogs outside the home page
 * wait for it as part of loading their code (lazyComponent).
 */
export function allMessages(): Promise<void> {
  malayFeatures ??= loadMalayFeatures().then(
    (features) => {
      i18next.addResourceBundle(DEFAULT_LANGUAGE, I18N_NAMESPACE, features, true, false);
    },
    (error: unknown) => {
      malayFeatures = null; // Try again with the next page (e.g. after a network hiccup).
      throw error;
    },
  );
  return malayFeatures;
}

/** Whether a key names a message (checked in the always-loaded Malay catalogue). */
export function isKnownMessageKey(key: string): key is MessageKey {
  return i18next.exists(key, { lng: DEFAULT_LANGUAGE, fallbackLng: false });
}
