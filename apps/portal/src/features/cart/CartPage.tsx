import { PlaceholderPage } from '../../shared/ui/PageScaffold';

// TODO(cart): the real content comes with the cart feature (spec section 2).
export function CartPage() {
  return <PlaceholderPage page="cart" />;
}
