import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ROUTES } from '../routing/paths';

/** Shown by the cart and every checkout step while there is nothing to pay. */
export function EmptyCartNotice() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }} data-testid="empty-cart">
      <Alert severity="info">{t('cart.empty')}</Alert>
      <Button component={RouterLink} to={ROUTES.search} variant="contained" startIcon={<SearchIcon />}>
        {t('home.search_button')}
      </Button>
    </Stack>
  );
}
