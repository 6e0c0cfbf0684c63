import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useCart } from '../shared/cart/CartProvider';
import { ROUTES } from '../shared/routing/paths';

/** The top bar's cart button with the number of items in the cart. */
export function CartButton() {
  const { t } = useTranslation();
  const { count } = useCart();
  return (
    <IconButton
      color="inherit"
      component={RouterLink}
      to={ROUTES.cart}
      aria-label={t('shell.cart_items', { count })}
      data-testid="cart-button"
    >
      <Badge badgeContent={count} color="secondary" showZero max={99} slotProps={{ badge: { 'aria-hidden': true } }}>
        <ShoppingCartIcon />
      </Badge>
    </IconButton>
  );
}
