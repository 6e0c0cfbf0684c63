// Signing in as staff from the scripts (demo webhook, benches, chaos and fuzz): the password, then the second
// factor through the real routes, as a person with an authenticator app would. The demo staff's TOTP secret is
// the development-only DEMO_STAFF_TOTP_SECRET the demo seed gives them; an account with no second factor yet
// (a fresh database seeded without it, or one whose second factor was reset) is enrolled here, and its secret
// kept in this process's memory for the next sign-in.
import { authenticator } from 'otplib';
import { DEFAULTS } from './lib.mjs';

const STEP_MS = 30_000;
/** What this process's authenticator app holds, by email: the secret and the newest step whose code was sent. */
const apps = new Map();

function appFor(email) {
  const key = email.trim().toLowerCase();
  if (!apps.has(key))
    apps.set(key, { secret: process.env.DEMO_STAFF_TOTP_SECRET || DEFAULTS.DEMO_STAFF_TOTP_SECRET, lastStep: 0 });
  return apps.get(key);
}

const currentStep = () => Math.floor(Date.now() / STEP_MS);
const codeOf = (secret, step) => authenticator.clone({ epoch: step * STEP_MS }).generate(secret);

/** A step whose code was not sent yet and is inside the API's window (now or the next): waits for the clock if need be. */
async function freshStep(app) {
  for (;;) {
    const now = currentStep();
    const step = [now, now + 1].find((s) => s > app.lastStep);
    if (step !== undefined) return step;
    await new Promise((r) => setTimeout(r, Math.max(50, (app.lastStep - now) * STEP_MS - (Date.now() % STEP_MS))));
  }
}

/**
 * Signs in as a staff member through POST /api/auth/login and the second factor; returns the session's cookie
 * header and CSRF token. Payers' accounts get the session as it is.
 */
export async function staffSignIn(baseUrl, email, password) {
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
  const app = appFor(email);
  if (user.secondFactor === 'enrolment_required') {
    const started = await post('enrolment');
    if (started.status !== 201) throw new Error(`${email}: enrolment answered ${started.status}`);
    app.secret = (await started.json()).secret;
    app.lastStep = 0;
    const step = await freshStep(app);
    const confirmed = await post('enrolment/confirm', { code: codeOf(app.secret, step) });
    if (confirmed.status !== 200) throw new Error(`${email}: enrolment confirm answered ${confirmed.status}`);
    app.lastStep = step;
  } else if (user.secondFactor === 'code_required') {
    // Another process may have used this step's code: then the next step's.
    for (let tries = 0; ; tries += 1) {
      const step = await freshStep(app);
      const verified = await post('verify', { code: codeOf(app.secret, step) });
      app.lastStep = step;
      if (verified.status === 200) break;
      if (verified.status !== 400 || tries >= 3)
        throw new Error(`${email}: second factor answered ${verified.status} ${await verified.text()}`);
    }
  }
  return { cookie, csrf };
}
