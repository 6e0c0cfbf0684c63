import { DEFAULT_LANGUAGE, type Language } from '@councilpay/domain';
import { catalogues } from './resources';
import { flattenMessages, type MessageKey } from './keys';

/** Values for a message's `{{placeholders}}`. */
export type InterpolationValues = Readonly<Record<string, string | number>>;

const PLACEHOLDER = /\{\{\s*([\w.-]+)\s*\}\}/g;

/**
 * Replaces `{{name}}` placeholders (i18next syntax) with `values`. A placeholder without a value is left
 * as it is, so a forgotten value shows up in review instead of silently vanishing. Values are inserted
 * verbatim: escape them first when the result goes into HTML.
 */
export function interpolate(template: string, values?: InterpolationValues): string {
  if (!values) return template;
  return template.replace(PLACEHOLDER, (placeholder: string, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : placeholder,
  );
}

export type Translator = (language: string, key: string, values?: InterpolationValues) => string;

/**
 * A translator over `trees` (language -> catalogue tree). A language that is not there, and a key that
 * is missing or empty in the requested language, fall back to `fallback`; a key missing there too is
 * returned as it is.
 */
export function createTranslator(trees: Readonly<Partial<Record<string, object>>>, fallback: string): Translator {
  const flat = new Map(Object.entries(trees).map(([language, tree]) => [language, flattenMessages(tree ?? {})]));
  const fallbackMessages = flat.get(fallback) ?? new Map<string, string>();
  return (language, key, values) => {
    const template = flat.get(language)?.get(key) || fallbackMessages.get(key) || key;
    return interpolate(template, values);
  };
}

// Pure: a bundle that never calls `translate` drops it together with the catalogues.
const translateAny = /* @__PURE__ */ createTranslator(catalogues, DEFAULT_LANGUAGE);

/**
 * Translates one message outside React (e-mails, SMS, PDFs): `translate('en', 'validation.required',
 * { field: 'E-mail' })` -> 'E-mail is required.'. Unknown languages fall back to Malay.
 */
export function translate(language: Language | string, key: MessageKey, values?: InterpolationValues): string {
  return translateAny(language, key, values);
}
