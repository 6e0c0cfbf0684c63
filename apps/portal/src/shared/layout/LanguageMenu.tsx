import TranslateIcon from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import { Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../i18n/useLanguage';
import { lazyComponent } from '../routing/lazyComponent';

const LanguageMenuList = lazyComponent(() => import('./LanguageMenuList'), 'LanguageMenuList', {
  messages: 'core',
});

/** The top bar's language switch: a button showing the current language, opening a menu of the three. */
export function LanguageMenu() {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [used, setUsed] = useState(false);
  const menuId = useId();
  const buttonId = useId();
  const open = anchor !== null;

  return (
    <>
      <Button
        id={buttonId}
        color="inherit"
        startIcon={<TranslateIcon />}
        aria-label={`${t('shell.change_language')}: ${t(`languages.${language}`)}`}
        aria-haspopup="menu"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open}
        onClick={(event) => {
          setUsed(true);
          setAnchor(event.currentTarget);
        }}
        data-testid="language-menu-button"
      >
        {t(`languages.${language}`)}
      </Button>
      {used && (
        <Suspense fallback={null}>
          <LanguageMenuList id={menuId} buttonId={buttonId} anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
