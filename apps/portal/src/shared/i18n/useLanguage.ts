import type { Language } from '@councilpay/domain';
import { resolveLanguage } from '@councilpay/i18n';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** The current portal language and a setter that switches (and remembers) it. */
export function useLanguage(): [Language, (language: Language) => void] {
  const { i18n } = useTranslation();
  const language = resolveLanguage(i18n.resolvedLanguage ?? i18n.language);
  const setLanguage = useCallback(
    (next: Language) => {
      void i18n.changeLanguage(next);
    },
    [i18n],
  );
  return [language, setLanguage];
}
