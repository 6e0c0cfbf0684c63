import { PageScaffold } from '../../shared/ui/PageScaffold';
import { SearchPanel } from './SearchPanel';

/** /search: the account search by payment type. */
export function SearchPage() {
  return (
    <PageScaffold page="search">
      <SearchPanel />
    </PageScaffold>
  );
}
