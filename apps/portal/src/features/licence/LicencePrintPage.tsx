import { PlaceholderPage } from '../../shared/ui/PageScaffold';

// TODO(licence): the real content comes with the licence feature (spec section 2).
export function LicencePrintPage() {
  return <PlaceholderPage page="pdf" />;
}
