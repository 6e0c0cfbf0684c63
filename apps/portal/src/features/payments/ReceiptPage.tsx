import { PlaceholderPage } from '../../shared/ui/PageScaffold';

// TODO(payments): the real content comes with the payments feature (spec section 2).
export function ReceiptPage() {
  return <PlaceholderPage page="receipt" />;
}
