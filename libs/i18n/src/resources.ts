import type { Language } from '@councilpay/domain';
import { en, ms, zh, type Catalogue } from './catalogues/full';

/** Every catalogue by language. */
export const catalogues: Readonly<Record<Language, Catalogue>> = /* @__PURE__ */ Object.freeze({ ms, en, zh });

/**
 * The i18next namespace holding the catalogues. One namespace keeps the key form identical everywhere:
 * `t('errors.not_found')` in React and `translate(lang, 'errors.not_found')` on the server. Features are
 * the catalogue's top-level groups (common, shell, home, errors, validation ...).
 */
export const I18N_NAMESPACE = 'translation';

/** The catalogues in the shape i18next's `init({ resources })` takes. */
export const resources: Readonly<Record<Language, { readonly translation: Catalogue }>> = /* @__PURE__ */ Object.freeze(
  {
    ms: { translation: ms },
    en: { translation: en },
    zh: { translation: zh },
  },
);
