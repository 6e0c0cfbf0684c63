import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@councilpay/domain';

/**
 * The portal language for a language tag: 'en-GB' -> 'en', 'zh-Hans-MY' -> 'zh', 'ms' -> 'ms'; anything
 * else (including null) -> the default, Malay.
 */
export function resolveLanguage(tag: unknown): Language {
  if (typeof tag !== 'string') return DEFAULT_LANGUAGE;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return LANGUAGES.find((language) => language === primary) ?? DEFAULT_LANGUAGE;
}
