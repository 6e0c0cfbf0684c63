import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the browser tab's title to "<title> · CouncilPay" (just "CouncilPay" without a title). */
export function usePageTitle(title: string | null): void {
  const { t } = useTranslation();
  const appName = t('common.app_name');
  useEffect(() => {
    document.title = title ? `${title} · ${appName}` : appName;
  }, [title, appName]);
}
