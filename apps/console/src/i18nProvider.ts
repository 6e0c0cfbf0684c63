import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@councilpay/domain';
import { catalogues, reactAdminMs, reactAdminZh, type ReactAdminMessages } from '@councilpay/i18n';
import { createInstance } from 'i18next';
import { convertRaTranslationsToI18next, getI18nProvider } from 'ra-i18n-i18next';
import englishMessages from 'ra-language-english';
import type { I18nProvider, Locale } from 'react-admin';

/** react-admin's own messages per language: its English pack, ours in Malay and Chinese (libs/i18n). */
const REACT_ADMIN: Record<Language, ReactAdminMessages> = {
  en: englishMessages as unknown as ReactAdminMessages,
  ms: reactAdminMs,
  zh: reactAdminZh,
};

/**
 * One language's i18next resources: the shared catalogue (every group: `console`, `payment_states`,
 * `payment_types`, `errors` ...), react-admin's messages (`ra.*`) and the resource labels react-admin asks
 * for (`resources.<name>.name`, `resources.<name>.fields.<field>`), which live in the catalogue under
 * `console.resources`. Converted from react-admin's polyglot form (`%{x}`, `one |||| many`).
 */
export function consoleResources(language: Language): object {
  const catalogue = catalogues[language];
  const ra = REACT_ADMIN[language].ra;
  return convertRaTranslationsToI18next({
    ...catalogue,
    ra: {
      ...ra,
      // Staff sign in with their email.
      auth: { ...(ra.auth as object), username: catalogue.console.email },
    },
    resources: catalogue.console.resources,
  });
}

export const CONSOLE_LOCALES: Locale[] = LANGUAGES.map((locale) => ({
  locale,
  name: catalogues[locale].languages[locale],
}));

/**
 * The console's one i18nProvider: ra-i18n-i18next over the shared catalogues, so the portal and the console
 * use one catalogue system. Malay is the default and the fallback; English and Chinese are offered.
 */
export function createI18nProvider(): Promise<I18nProvider> {
  return getI18nProvider(
    createInstance(),
    {
      lng: DEFAULT_LANGUAGE,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      resources: Object.fromEntries(LANGUAGES.map((l) => [l, { translation: consoleResources(l) }])),
      // React escapes what it renders; i18next must not escape it first.
      interpolation: { escapeValue: false },
    },
    CONSOLE_LOCALES,
  );
}
