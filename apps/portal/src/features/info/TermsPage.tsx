import { PageScaffold } from '../../shared/ui/PageScaffold';
import { InfoSections } from './InfoSections';

/** /terms: the terms and conditions of using the portal. */
export function TermsPage() {
  return (
    <PageScaffold page="terms">
      <InfoSections sections={['terms_use', 'terms_payment', 'terms_records', 'terms_liability']} />
    </PageScaffold>
  );
}
