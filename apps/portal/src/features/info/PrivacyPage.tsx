import { PlaceholderPage } from '../../shared/ui/PageScaffold';

// TODO(info): the real content comes with the info feature (spec section 2).
export function PrivacyPage() {
  return <PlaceholderPage page="privacy" />;
}
