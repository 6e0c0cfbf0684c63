import { useCallback } from 'react';
import { useLanguage } from '../i18n/useLanguage';
import { councilName } from './council';
import { usePublicData } from './PublicDataProvider';

/** The name of a council (by code) in the current language; the code when the council is unknown. */
export function useCouncilName(): (code: string) => string {
  const { councils } = usePublicData();
  const [language] = useLanguage();
  return useCallback(
    (code: string) => {
      const council = councils.find((candidate) => candidate.code === code);
      return council ? councilName(council, language) : code.toUpperCase();
    },
    [councils, language],
  );
}
