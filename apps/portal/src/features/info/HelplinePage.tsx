import { PlaceholderPage } from '../../shared/ui/PageScaffold';

// TODO(info): the real content comes with the info feature (spec section 2).
export function HelplinePage() {
  return <PlaceholderPage page="helpline" />;
}
