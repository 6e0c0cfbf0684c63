import { useTranslation } from 'react-i18next';
import { useLanguage } from '../i18n/useLanguage';
import { councilName } from './council';
import { usePublicData } from './PublicDataProvider';
import { useTitleCouncil } from './TitleCouncil';

/**
 * The name of the council the portal is titled with (the council of the bills being paid, else the default
 * one) in the current language; the app name if the councils could not be read.
 */
export function useCouncilTitle(): { title: string; loading: boolean } {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const { status } = usePublicData();
  const council = useTitleCouncil();
  return {
    title: council ? councilName(council, language) : t('common.app_name'),
    loading: status === 'loading' && !council,
  };
}
