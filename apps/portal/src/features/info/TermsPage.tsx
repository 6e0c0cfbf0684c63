import { PlaceholderPage } from '../../shared/ui/PageScaffold';

// TODO(info): the real content comes with the info feature (spec section 2).
export function TermsPage() {
  return <PlaceholderPage page="terms" />;
}
