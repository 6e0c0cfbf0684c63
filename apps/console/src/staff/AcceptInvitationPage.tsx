import { PASSWORD_MIN_LENGTH } from '@councilpay/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MuiButton from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import MuiTextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { staffApi } from './staff-api';

/**
 * Where an invitation's emailed link lands (no sign-in needed): what it offers, then a name and a password for a
 * new account, or, for an email that has an account already, accepting while signed in as it. The API checks the
 * link (single use, 72 hours, not revoked) and the password rules again.
 */
export function AcceptInvitationPage() {
  const translate = useTranslate();
  const { token = '' } = useParams();
  const t = (key: string, values?: Record<string, unknown>) => translate(`console.invitation.${key}`, values);
  const offer = useQuery({ queryKey: ['invitation', token], queryFn: () => staffApi.check(token), retry: false });
  const [fullName, setFullName] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [accepted, setAccepted] = useState(false);
  const accept = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const isNew = offer.data?.account === 'new';
      await staffApi.accept(isNew ? { token, fullName, password, confirmPassword } : { token });
      setAccepted(true);
    } catch (error) {
      const key = error instanceof Error ? error.message : 'ra.notification.http_error';
      setFailure(translate(key, { _: key }));
    } finally {
      setBusy(false);
    }
  };
  const d = offer.data;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
      <Card sx={{ maxWidth: 520, width: '100%' }}>
        <CardContent>
          <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
            {t('title')}
          </Typography>
          {offer.isPending && <LinearProgress />}
          {offer.error && (
            <Alert severity="error" data-testid="invitation-error">
              {translate(offer.error.message, { _: offer.error.message })}
            </Alert>
          )}
          {accepted && (
            <Stack spacing={2}>
              <Alert severity="success" data-testid="invitation-accepted">
                {t('accepted')}
              </Alert>
              <MuiButton variant="contained" component={Link} to="/login">
                {t('go_to_login')}
              </MuiButton>
            </Stack>
          )}
          {d && !accepted && (
            <Stack spacing={2}>
              <Typography data-testid="invitation-offer">
                {t('offer', {
                  email: d.email,
                  role: translate(`console.roles.${d.role}`),
                  councils: d.councils.join(', '),
                })}
              </Typography>
              {d.account === 'new' ? (
                <>
                  <MuiTextField
                    label={t('full_name')}
                    value={fullName}
                    onChange={(e) => setFullName(e.target.value)}
                    slotProps={{ htmlInput: { 'data-testid': 'invitation-name', maxLength: 100 } }}
                  />
                  <MuiTextField
                    label={t('password')}
                    type="password"
                    value={password}
                    helperText={t('password_hint', { min: PASSWORD_MIN_LENGTH })}
                    onChange={(e) => setPassword(e.target.value)}
                    slotProps={{ htmlInput: { 'data-testid': 'invitation-password', autoComplete: 'new-password' } }}
                  />
                  <MuiTextField
                    label={t('confirm_password')}
                    type="password"
                    value={confirmPassword}
                    onChange={(e) => setConfirmPassword(e.target.value)}
                    slotProps={{ htmlInput: { 'data-testid': 'invitation-confirm', autoComplete: 'new-password' } }}
                  />
                </>
              ) : (
                <Alert severity="info">{t('existing')}</Alert>
              )}
              {failure && (
                <Alert severity="error" data-testid="invitation-failure">
                  {failure}
                </Alert>
              )}
              <Box>
                <MuiButton
                  variant="contained"
                  disabled={busy || (d.account === 'new' && (fullName.trim() === '' || password === ''))}
                  onClick={() => void accept()}
                  data-testid="invitation-accept"
                >
                  {t('accept')}
                </MuiButton>
              </Box>
            </Stack>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
