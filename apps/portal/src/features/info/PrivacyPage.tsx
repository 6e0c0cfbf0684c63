import { PageScaffold } from '../../shared/ui/PageScaffold';
import { InfoSections } from './InfoSections';

/** /privacy: the privacy policy. */
export function PrivacyPage() {
  return (
    <PageScaffold page="privacy">
      <InfoSections sections={['privacy_collect', 'privacy_use', 'privacy_share', 'privacy_rights']} />
    </PageScaffold>
  );
}
