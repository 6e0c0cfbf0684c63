import type { MessageKey } from '@councilpay/i18n';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { ROUTES } from '../../shared/routing/paths';
import { PageScaffold } from '../../shared/ui/PageScaffold';
import { verifyEmail } from './account-api';

/**
 * /verify_email?token=…: where the e-mail confirmation link lands (libs/domain VERIFY_EMAIL_ROUTE). Not a
 * route: the identity API sends this link so that history can include the guest
 * payments made with a confirmed address.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [outcome, setOutcome] = useState<{ ok: boolean; key: MessageKey } | null>(
    token ? null : { ok: false, key: 'errors.invalid_request' },
  );

  useEffect(() => {
    if (!token) return;
    let current = true;
    verifyEmail(token).then(
      () => current && setOutcome({ ok: true, key: 'errors.email_verified' }),
      () => current && setOutcome({ ok: false, key: 'errors.invalid_request' }),
    );
    return () => {
      current = false;
    };
  }, [token]);

  return (
    <PageScaffold page="verify_email">
      {outcome ? (
        <Alert severity={outcome.ok ? 'success' : 'error'} data-testid="verify-email-outcome">
          {t(outcome.key)}
        </Alert>
      ) : (
        <Skeleton variant="rounded" height={56} />
      )}
      <div>
        <Button component={RouterLink} to={ROUTES.home} variant="contained">
          {t('not_found.back_home')}
        </Button>
      </div>
    </PageScaffold>
  );
}
