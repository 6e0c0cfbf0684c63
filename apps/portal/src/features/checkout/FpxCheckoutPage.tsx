import { PlaceholderPage } from '../../shared/ui/PageScaffold';

// TODO(checkout): the real content comes with the checkout feature (spec section 2).
export function FpxCheckoutPage() {
  return <PlaceholderPage page="fpx_checkout" />;
}
