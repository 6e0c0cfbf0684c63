import { PageScaffold } from '../../shared/ui/PageScaffold';
import { InfoSections } from './InfoSections';

/** /refund: the refund policy. */
export function RefundPage() {
  return (
    <PageScaffold page="refund">
      <InfoSections sections={['refund_when', 'refund_how', 'refund_not']} />
    </PageScaffold>
  );
}
