import { formatPhone, isPhone, normalisePhone, validateNric, type ProfileDto } from '@councilpay/domain';
import type { MessageKey } from '@councilpay/i18n';
import HistoryIcon from '@mui/icons-material/History';
import Alert from '@mui/material/Alert';
import BadgeIcon from '@mui/icons-material/Badge';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ApiError } from '../../shared/api/client';
import { messageKeyForError } from '../../shared/api/errors';
import { useSnackbar } from '../../shared/feedback/SnackbarProvider';
import { ROUTES } from '../../shared/routing/paths';
import { PageScaffold } from '../../shared/ui/PageScaffold';
import { getProfile, resendEmailVerification, updateProfile } from './account-api';
import { useSession } from '../../shared/session/SessionProvider';
import { SignInRequired } from '../../shared/session/SignInRequired';

/** /profile: the signed-in person's details, editable except the e-mail (the login). */
export function ProfilePage() {
  const { user, ready } = useSession();
  return (
    <PageScaffold page="profile">
      {!ready ? <Skeleton variant="rounded" height={240} /> : user ? <ProfileForm /> : <SignInRequired />}
    </PageScaffold>
  );
}

interface Errors {
  fullName?: MessageKey;
  phone?: MessageKey;
  nric?: MessageKey;
}

/** History shows guest payments made with the e-mail only once the address is confirmed. */
function EmailNotVerified() {
  const { t } = useTranslation();
  const { showMessage, showError } = useSnackbar();
  const [sending, setSending] = useState(false);
  const resend = async () => {
    setSending(true);
    try {
      await resendEmailVerification();
      showMessage(t('errors.email_verification_sent'), 'success');
    } catch (error) {
      showError(error);
    } finally {
      setSending(false);
    }
  };
  return (
    <Alert
      severity="warning"
      action={
        <Button color="inherit" size="small" onClick={() => void resend()} loading={sending}>
          {t('account.resend_verification')}
        </Button>
      }
    >
      {t('account.email_not_verified')}
    </Alert>
  );
}

function ProfileForm() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { showMessage, showError } = useSnackbar();
  const [profile, setProfile] = useState<ProfileDto | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [fullName, setFullName] = useState('');
  const [phone, setPhone] = useState('');
  // The NRIC is shown masked; a new one is typed whole, and left empty to keep the current one.
  const [nric, setNric] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    getProfile(controller.signal).then(
      (loaded) => {
        setProfile(loaded);
        setFullName(loaded.fullName);
        setPhone(loaded.phone ? formatPhone(loaded.phone) : '');
        setNric('');
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setLoadError(error);
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!profile) return;
    const found: Errors = {};
    if (!fullName.trim()) found.fullName = 'validation.field_required';
    if (!isPhone(phone)) found.phone = phone.trim() ? 'checkout.phone_format' : 'validation.field_required';
    const newNric = nric.trim() ? validateNric(nric) : null;
    if (newNric && !newNric.ok) found.nric = `validation.${newNric.code}`;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const answer = await updateProfile({
        fullName: fullName.trim(),
        phone: normalisePhone(phone),
        ...(newNric?.ok ? { nric: newNric.value } : {}),
        version: profile.version,
      });
      // A save that changed nothing (the same details sent again) is no conflict: "changed elsewhere" is
      // only for a 409, when another tab saved first.
      showMessage(
        t(answer.code === 'data_no_changes' ? 'account.profile_unchanged' : 'errors.update_successful'),
        'success',
      );
      setProfile(answer.profile);
      setNric('');
    } catch (error) {
      // 409 data_no_changes: changed elsewhere meanwhile; show what is stored now.
      if (error instanceof ApiError && error.status === 409) setAttempt((n) => n + 1);
      showError(error);
    } finally {
      setSaving(false);
    }
  };

  if (loadError) return <Alert severity="error">{t(messageKeyForError(loadError))}</Alert>;
  if (!profile) return <Skeleton variant="rounded" height={240} />;
  return (
    <Stack spacing={3}>
      {user && !user.emailVerified && <EmailNotVerified />}
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 4 }, maxWidth: 720 }}>
        <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void submit(event)}>
          <TextField
            label={t('common.email')}
            value={profile.email}
            disabled
            fullWidth
            helperText={t('account.email_fixed')}
          />
          <TextField
            required
            fullWidth
            label={t('common.full_name')}
            value={fullName}
            onChange={(event) => setFullName(event.target.value)}
            error={Boolean(errors.fullName)}
            helperText={errors.fullName ? t(errors.fullName) : undefined}
          />
          <TextField
            required
            fullWidth
            type="tel"
            label={t('common.phone')}
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
            error={Boolean(errors.phone)}
            helperText={errors.phone ? t(errors.phone) : undefined}
          />
          <TextField
            fullWidth
            label={t('account.nric')}
            placeholder={profile.nric ?? ''}
            value={nric}
            onChange={(event) => setNric(event.target.value)}
            error={Boolean(errors.nric)}
            helperText={errors.nric ? t(errors.nric) : t('account.nric_keep', { nric: profile.nric ?? '—' })}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 14 } }}
          />
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            <Button type="submit" variant="contained" loading={saving}>
              {t('common.save')}
            </Button>
          </Stack>
        </Stack>
      </Paper>
      <div>
        <Button component={RouterLink} to={ROUTES.history} startIcon={<HistoryIcon />}>
          {t('pages.history.title')}
        </Button>
        <Button component={RouterLink} to={ROUTES.pdf} startIcon={<BadgeIcon />}>
          {t('shell.my_licences')}
        </Button>
      </div>
    </Stack>
  );
}
