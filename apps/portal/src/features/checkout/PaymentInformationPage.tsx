import { PlaceholderPage } from '../../shared/ui/PageScaffold';

// TODO(checkout): the real content comes with the checkout feature (spec section 2).
export function PaymentInformationPage() {
  return <PlaceholderPage page="payment_information" />;
}
