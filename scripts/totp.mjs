// TOTP codes for the scripts and the browser tests, as a staff member's authenticator app shows them
// (otplib: 6 digits, 30-second steps). The API accepts a step's code once and never an older one, so each
// account's newest step sent is remembered in this process, and a code is of a step not sent yet: this one or
// the next (both inside the API's window), waiting for the clock when both were sent already.
import { authenticator } from 'otplib';

export const TOTP_STEP_MS = 30_000;
const lastSteps = new Map();

export const currentStep = () => Math.floor(Date.now() / TOTP_STEP_MS);

/** The code of a time step. */
export function totpCode(secret, step) {
  return authenticator.clone({ epoch: step * TOTP_STEP_MS }).generate(secret);
}

/** The newest step whose code was sent for `account` (0: none). */
export function lastSentStep(account) {
  return lastSteps.get(account.trim().toLowerCase()) ?? 0;
}

/** Remembers that a code of `step` was sent for `account` (also one the API refused as used). */
export function sentStep(account, step) {
  const key = account.trim().toLowerCase();
  lastSteps.set(key, Math.max(step, lastSteps.get(key) ?? 0));
}

/** A time step of `account` whose code was not sent yet, inside the API's window; waits for the clock if need be. */
export async function freshStep(account) {
  const last = lastSteps.get(account.trim().toLowerCase()) ?? 0;
  for (;;) {
    const now = currentStep();
    const step = [now, now + 1].find((s) => s > last);
    if (step !== undefined) return step;
    await new Promise((r) => setTimeout(r, Math.max(50, (last - now) * TOTP_STEP_MS - (Date.now() % TOTP_STEP_MS))));
  }
}

/** A code the API has not seen from `account` (remembered as sent). */
export async function freshTotpCode(account, secret) {
  const step = await freshStep(account);
  sentStep(account, step);
  return totpCode(secret, step);
}

/** Forgets an account's steps (its second factor was set up again: a new secret's codes start afresh). */
export function forgetSteps(account) {
  lastSteps.delete(account.trim().toLowerCase());
}
