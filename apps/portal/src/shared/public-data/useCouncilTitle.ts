import { useTranslation } from 'react-i18next';
import { useLanguage } from '../i18n/useLanguage';
import { councilName } from './council';
import { usePublicData } from './PublicDataProvider';

/** The default council's name in the current language; the app name if the councils could not be read. */
export function useCouncilTitle(): { title: string; loading: boolean } {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const { defaultCouncil, status } = usePublicData();
  return {
    title: defaultCouncil ? councilName(defaultCouncil, language) : t('common.app_name'),
    loading: status === 'loading' && !defaultCouncil,
  };
}
