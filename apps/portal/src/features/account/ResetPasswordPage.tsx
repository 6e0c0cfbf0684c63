import { PlaceholderPage } from '../../shared/ui/PageScaffold';

// TODO(identity): the real content comes with the identity feature (spec section 2).
export function ResetPasswordPage() {
  return <PlaceholderPage page="reset_password" />;
}
