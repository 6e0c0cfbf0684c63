import { PlaceholderPage } from '../../shared/ui/PageScaffold';

// TODO(identity): the real content comes with the identity feature (spec section 2).
export function ProfilePage() {
  return <PlaceholderPage page="profile" />;
}
