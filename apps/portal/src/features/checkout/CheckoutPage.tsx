import { PlaceholderPage } from '../../shared/ui/PageScaffold';

// TODO(checkout): the real content comes with the checkout feature (spec section 2).
export function CheckoutPage() {
  return <PlaceholderPage page="checkout" />;
}
