import { PlaceholderPage } from '../../shared/ui/PageScaffold';

// TODO(search): the real content comes with the search feature (spec section 2).
export function SearchPage() {
  return <PlaceholderPage page="search" />;
}
