import { CART_CAPACITY, formatRinggit } from '@councilpay/domain';
import SearchIcon from '@mui/icons-material/Search';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useSnackbar } from '../../shared/feedback/SnackbarProvider';
import { ROUTES } from '../../shared/routing/paths';
import { PageScaffold } from '../../shared/ui/PageScaffold';
import { FpxLimitNotice } from '../../shared/checkout/FpxLimitNotice';
import { EmptyCartNotice } from '../../shared/cart/EmptyCartNotice';
import { cartTotalSen, checkCartItemAmount, itemsToPay, type CartItem } from '../../shared/cart/cart';
import { CartItemCard } from './CartItemCard';
import { useCart } from '../../shared/cart/CartProvider';

/** Parents first, each followed by the items that depend on it. */
function ordered(items: readonly CartItem[]): Array<{ item: CartItem; dependent: boolean }> {
  const ids = new Set(items.map((item) => item.id));
  const roots = items.filter((item) => item.parentId === null || !ids.has(item.parentId));
  return roots.flatMap((root) => [
    { item: root, dependent: false },
    ...items.filter((item) => item.parentId === root.id).map((item) => ({ item, dependent: true })),
  ]);
}

/** /cart: the bills on this device, what each costs, the total, and on to checkout. */
export function CartPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const cart = useCart();
  const { showError, showMessage } = useSnackbar();
  const toPay = itemsToPay(cart.items);
  const invalid = cart.items.some((item) => !checkCartItemAmount(item).ok);

  const update = (item: CartItem) => void cart.update(item).catch(showError);
  // Removing a licence removes the items renewed with it: said, never silent.
  const remove = (item: CartItem) => {
    const dependents = cart.items.filter((other) => other.parentId === item.id);
    void cart
      .remove(item.id)
      .then(() => {
        if (dependents.length === 0) return;
        showMessage(
          t('cart.removed_with_dependents', {
            item: item.displayNo,
            dependents: dependents.map((d) => d.displayNo).join(', '),
          }),
          'info',
        );
      })
      .catch(showError);
  };

  return (
    <PageScaffold page="cart">
      {!cart.ready ? (
        <Skeleton variant="rounded" height={200} />
      ) : cart.items.length === 0 ? (
        <EmptyCartNotice />
      ) : (
        <Stack spacing={3}>
          <Typography color="text.secondary" data-testid="cart-count">
            {t('cart.count', { count: cart.count, capacity: CART_CAPACITY })}
          </Typography>
          <Stack component="ul" spacing={2} sx={{ p: 0, m: 0 }}>
            {ordered(cart.items).map(({ item, dependent }) => (
              <CartItemCard
                key={item.id}
                item={item}
                dependent={dependent}
                hasDependents={cart.items.some((other) => other.parentId === item.id)}
                onChange={update}
                onRemove={remove}
              />
            ))}
          </Stack>
          {toPay.length > 0 && <FpxLimitNotice totalSen={cartTotalSen(cart.items)} />}
          <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={2}
              sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
            >
              <div>
                <Typography variant="h6" component="p" data-testid="cart-total">
                  {t('common.total')}: {formatRinggit(cartTotalSen(cart.items))}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('cart.items_to_pay', { count: toPay.length })}
                </Typography>
              </div>
              <Stack direction="row" spacing={1}>
                <Button component={RouterLink} to={ROUTES.search} startIcon={<SearchIcon />}>
                  {t('cart.continue_searching')}
                </Button>
                <Button
                  variant="contained"
                  size="large"
                  disabled={invalid || toPay.length === 0}
                  onClick={() => void navigate(ROUTES.checkout)}
                  data-testid="cart-checkout"
                >
                  {t('cart.checkout')}
                </Button>
              </Stack>
            </Stack>
          </Paper>
        </Stack>
      )}
    </PageScaffold>
  );
}
