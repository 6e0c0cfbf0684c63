import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import BadgeIcon from '@mui/icons-material/Badge';
import HomeIcon from '@mui/icons-material/Home';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import LoginIcon from '@mui/icons-material/Login';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useLanguage } from '../shared/i18n/useLanguage';
import { ROUTES } from '../shared/routing/paths';
import { LANGUAGE_MENU_ORDER } from '../shared/layout/language-order';
import { useAccountActions } from './useAccountActions';

/** The collapsed menu of small screens: navigation, account actions and the language switch. */
export function MobileMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [language, setLanguage] = useLanguage();
  const account = useAccountActions();

  const choose = (action: () => void) => () => {
    onClose();
    action();
  };

  return (
    <Drawer anchor="right" open={open} onClose={onClose} slotProps={{ paper: { sx: { width: 280 } } }}>
      <nav aria-label={t('shell.main_navigation')}>
        <List>
          <ListItemButton onClick={choose(() => void navigate(ROUTES.home))}>
            <ListItemIcon>
              <HomeIcon />
            </ListItemIcon>
            <ListItemText primary={t('shell.home')} />
          </ListItemButton>
          <ListItemButton onClick={choose(() => void navigate(ROUTES.requery))}>
            <ListItemIcon>
              <ManageSearchIcon />
            </ListItemIcon>
            <ListItemText primary={t('shell.payment_status')} />
          </ListItemButton>
          {account.signedIn ? (
            <>
              <ListItemButton onClick={choose(account.openProfile)}>
                <ListItemIcon>
                  <AccountCircleIcon />
                </ListItemIcon>
                <ListItemText primary={t('shell.my_profile')} />
              </ListItemButton>
              <ListItemButton onClick={choose(() => void navigate(ROUTES.pdf))}>
                <ListItemIcon>
                  <BadgeIcon />
                </ListItemIcon>
                <ListItemText primary={t('shell.my_licences')} />
              </ListItemButton>
              <ListItemButton onClick={choose(account.logout)}>
                <ListItemIcon>
                  <LogoutIcon />
                </ListItemIcon>
                <ListItemText primary={t('shell.logout')} />
              </ListItemButton>
            </>
          ) : (
            <>
              <ListItemButton onClick={choose(account.signUp)}>
                <ListItemIcon>
                  <PersonAddIcon />
                </ListItemIcon>
                <ListItemText primary={t('shell.sign_up')} />
              </ListItemButton>
              <ListItemButton onClick={choose(account.openLogin)}>
                <ListItemIcon>
                  <LoginIcon />
                </ListItemIcon>
                <ListItemText primary={t('shell.login')} />
              </ListItemButton>
            </>
          )}
        </List>
        <Divider />
        <List subheader={<ListSubheader component="div">{t('shell.language')}</ListSubheader>}>
          {LANGUAGE_MENU_ORDER.map((option) => (
            <ListItemButton
              key={option}
              lang={option}
              selected={option === language}
              onClick={choose(() => setLanguage(option))}
            >
              <ListItemText primary={t(`languages.${option}`)} />
            </ListItemButton>
          ))}
        </List>
      </nav>
    </Drawer>
  );
}
