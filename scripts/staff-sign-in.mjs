// Signing in as staff from the scripts (demo webhook, benches, chaos and fuzz): the password, then the second
// factor through the real routes, as a person with an authenticator app would. The demo staff's TOTP secret is
// the development-only DEMO_STAFF_TOTP_SECRET the demo seed gives them; an account with no second factor yet
// (a fresh database seeded without it, or one whose second factor was reset) is enrolled here, and its secret
// kept in this process's memory for the next sign-in.
import { DEFAULTS } from './lib.mjs';
import { forgetSteps, freshTotpCode, sentStep, totpCode, freshStep } from './totp.mjs';

/** This process's authenticator app: the secret of each account, by email (the demo staff's to begin with). */
const secrets = new Map();

function secretOf(email) {
  return (
    secrets.get(email.trim().toLowerCase()) ?? (process.env.DEMO_STAFF_TOTP_SECRET || DEFAULTS.DEMO_STAFF_TOTP_SECRET)
  );
}

/**
 * Signs in as a staff member through POST /api/auth/login and the second factor; returns the session's cookie
 * header and CSRF token. Payers' accounts get the session as it is. `totpSecret`: the account's, when it is not the
 * demo staff's.
 */
export async function staffSignIn(baseUrl, email, password, { totpSecret } = {}) {
  if (totpSecret) secrets.set(email.trim().toLowerCase(), totpSecret);
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (login.status !== 200) throw new Error(`${email} could not sign in: ${login.status} ${await login.text()}`);
  const user = await login.json();
  const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]);
  const cookie = cookies.join('; ');
  const csrf = decodeURIComponent(cookies.find((c) => c.startsWith('cp_csrf='))?.slice('cp_csrf='.length) ?? '');
  const post = (path, body) =>
    fetch(`${baseUrl}/api/auth/second-factor/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', Cookie: cookie, 'X-CSRF-Token': csrf },
      body: body ? JSON.stringify(body) : undefined,
    });
  if (user.secondFactor === 'enrolment_required') {
    const started = await post('enrolment');
    if (started.status !== 201) throw new Error(`${email}: enrolment answered ${started.status}`);
    const { secret } = await started.json();
    secrets.set(email.trim().toLowerCase(), secret);
    forgetSteps(email);
    const confirmed = await post('enrolment/confirm', { code: await freshTotpCode(email, secret) });
    if (confirmed.status !== 200) throw new Error(`${email}: enrolment confirm answered ${confirmed.status}`);
  } else if (user.secondFactor === 'code_required') {
    // Another process may have sent this step's code: then the next step's.
    for (let tries = 0; ; tries += 1) {
      const step = await freshStep(email);
      sentStep(email, step);
      const verified = await post('verify', { code: totpCode(secretOf(email), step) });
      if (verified.status === 200) break;
      if (verified.status !== 400 || tries >= 3)
        throw new Error(`${email}: second factor answered ${verified.status} ${await verified.text()}`);
    }
  }
  return { cookie, csrf };
}
