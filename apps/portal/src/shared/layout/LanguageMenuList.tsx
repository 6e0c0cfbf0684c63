import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../i18n/useLanguage';
import { LANGUAGE_MENU_ORDER } from './language-order';

export interface LanguageMenuListProps {
  id: string;
  buttonId: string;
  anchor: HTMLElement | null;
  onClose: () => void;
}

/** The opened language menu (its own chunk: loaded on the first click of the language button). */
export function LanguageMenuList({ id, buttonId, anchor, onClose }: LanguageMenuListProps) {
  const { t } = useTranslation();
  const [language, setLanguage] = useLanguage();
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      slotProps={{ list: { 'aria-labelledby': buttonId } }}
    >
      {LANGUAGE_MENU_ORDER.map((option) => (
        <MenuItem
          key={option}
          lang={option}
          selected={option === language}
          onClick={() => {
            setLanguage(option);
            onClose();
          }}
        >
          {t(`languages.${option}`)}
        </MenuItem>
      ))}
    </Menu>
  );
}
