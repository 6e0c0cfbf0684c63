import { Alert, Box, Button, CardContent, CircularProgress, Link, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Login, useLogin, useNotify, useTranslate } from 'react-admin';
import {
  confirmEnrolment,
  SecondFactorNeeded,
  startEnrolment,
  takeSignedOutReason,
  type LoginParams,
  type SignedOutReason,
} from '../authProvider';
import type { SecondFactorEnrolment } from '@councilpay/domain';

type Step =
  | { name: 'password' }
  | { name: 'code'; recovery: boolean }
  | { name: 'enrol' }
  | { name: 'recovery_codes'; codes: string[] };

function errorKey(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'ra.auth.sign_in_error';
}

/** One step's form: its fields, and a submit button that waits while the API answers. */
function StepForm({
  onSubmit,
  submit,
  busy,
  children,
}: {
  onSubmit: () => Promise<void>;
  submit: string;
  busy: boolean;
  children: ReactNode;
}) {
  const handle = (event: FormEvent) => {
    event.preventDefault();
    void onSubmit();
  };
  return (
    <form onSubmit={handle} noValidate>
      <Stack spacing={2}>
        {children}
        <Button
          type="submit"
          variant="contained"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={18} /> : undefined}
        >
          {submit}
        </Button>
      </Stack>
    </form>
  );
}

/**
 * Enrolment: the secret made for this staff member, once, as a QR code and as text for typing; the first
 * code from their app turns it on.
 */
function Enrol({ onEnrolled }: { onEnrolled: (codes: string[]) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [enrolment, setEnrolment] = useState<SecondFactorEnrolment | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    startEnrolment().then(
      (made) => live && setEnrolment(made),
      (error: unknown) => notify(errorKey(error), { type: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [notify]);
  if (!enrolment) return <CircularProgress aria-label={translate('ra.page.loading')} />;
  const confirm = async () => {
    setBusy(true);
    try {
      onEnrolled((await confirmEnrolment(code)).recoveryCodes);
    } catch (error) {
      notify(errorKey(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <StepForm onSubmit={confirm} submit={translate('console.second_factor.turn_on')} busy={busy}>
      <Typography variant="h6" component="h1">
        {translate('console.second_factor.enrol_title')}
      </Typography>
      <Typography variant="body2">{translate('console.second_factor.enrol_intro')}</Typography>
      <Box sx={{ textAlign: 'center' }}>
        <img src={enrolment.qrDataUrl} alt={translate('console.second_factor.qr_alt')} width={200} height={200} />
      </Box>
      <Typography variant="body2">{translate('console.second_factor.secret_label')}</Typography>
      <Typography
        data-testid="second-factor-secret"
        sx={{ fontFamily: 'monospace', wordBreak: 'break-all', userSelect: 'all' }}
      >
        {enrolment.secret}
      </Typography>
      <TextField
        label={translate('console.second_factor.code')}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        autoComplete="one-time-code"
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7 } }}
        required
        autoFocus
      />
    </StepForm>
  );
}

/**
 * The console's sign-in: email and password, then the second factor (enrolment the first time: the QR code,
 * the secret as text and the recovery codes once; later the app's 6-digit code, or a recovery code). Says why
 * when the last session ended by being idle.
 */
export function ConsoleLogin() {
  const translate = useTranslate();
  const notify = useNotify();
  const login = useLogin();
  const [step, setStep] = useState<Step>({ name: 'password' });
  const [reason] = useState<SignedOutReason | null>(() => takeSignedOutReason());
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);

  const attempt = async (params: LoginParams) => {
    setBusy(true);
    try {
      await login(params);
    } catch (error) {
      if (error instanceof SecondFactorNeeded) {
        setCode('');
        setStep(error.state === 'enrolment_required' ? { name: 'enrol' } : { name: 'code', recovery: false });
      } else notify(errorKey(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  let body: ReactNode;
  if (step.name === 'password') {
    body = (
      <StepForm
        onSubmit={() => attempt({ username: email, password })}
        submit={translate('ra.auth.sign_in')}
        busy={busy}
      >
        {reason === 'idle' && <Alert severity="info">{translate('console.second_factor.signed_out_idle')}</Alert>}
        <TextField
          label={translate('ra.auth.username')}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          autoComplete="username"
          type="email"
          required
          autoFocus
        />
        <TextField
          label={translate('ra.auth.password')}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          autoComplete="current-password"
          type="password"
          required
        />
      </StepForm>
    );
  } else if (step.name === 'code') {
    body = (
      <StepForm
        onSubmit={() => attempt(step.recovery ? { recoveryCode: code } : { code })}
        submit={translate('console.second_factor.verify')}
        busy={busy}
      >
        <Typography variant="h6" component="h1">
          {translate('console.second_factor.code_title')}
        </Typography>
        <Typography variant="body2">
          {translate(step.recovery ? 'console.second_factor.recovery_intro' : 'console.second_factor.code_intro')}
        </Typography>
        <TextField
          key={step.recovery ? 'recovery' : 'code'}
          label={translate(step.recovery ? 'console.second_factor.recovery_code' : 'console.second_factor.code')}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="one-time-code"
          slotProps={{ htmlInput: step.recovery ? { maxLength: 40 } : { inputMode: 'numeric', maxLength: 7 } }}
          required
          autoFocus
        />
        <Link
          component="button"
          type="button"
          variant="body2"
          onClick={() => {
            setCode('');
            setStep({ name: 'code', recovery: !step.recovery });
          }}
        >
          {translate(step.recovery ? 'console.second_factor.use_code' : 'console.second_factor.use_recovery')}
        </Link>
      </StepForm>
    );
  } else if (step.name === 'enrol') {
    body = <Enrol onEnrolled={(codes) => setStep({ name: 'recovery_codes', codes })} />;
  } else {
    body = (
      <StepForm
        onSubmit={() => attempt({ enrolled: true })}
        submit={translate('console.second_factor.codes_kept')}
        busy={busy}
      >
        <Typography variant="h6" component="h1">
          {translate('console.second_factor.recovery_title')}
        </Typography>
        <Alert severity="warning">{translate('console.second_factor.recovery_once')}</Alert>
        <Box
          component="ol"
          data-testid="recovery-codes"
          sx={{ fontFamily: 'monospace', columns: 2, m: 0, pl: 3, userSelect: 'all' }}
        >
          {step.codes.map((recovery) => (
            <li key={recovery}>{recovery}</li>
          ))}
        </Box>
      </StepForm>
    );
  }
  return (
    <Login>
      <CardContent sx={{ width: { xs: 'auto', sm: 360 }, maxWidth: '100%' }}>{body}</CardContent>
    </Login>
  );
}
