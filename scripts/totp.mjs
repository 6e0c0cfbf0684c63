// TOTP codes for the scripts and the browser tests, as a staff member's authenticator app shows them
// (otplib: 6 digits, 30-second steps). The API accepts a step's code once and never an older one, so each
// account's newest step sent is remembered in this process, and a code is of a step not sent yet: this one or
// the next (both inside the API's window), waiting for the clock when both were sent already.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { authenticator } from 'otplib';

export const TOTP_STEP_MS = 30_000;
const lastSteps = new Map();

/**
 * The steps sent are also kept in a file shared by this machine's processes: Playwright starts a new worker for
 * each project, and the e2e server signs in too, so a step one process sent is not sent again by the next (the
 * API would refuse it as used).
 */
const SHARED = join(tmpdir(), 'councilpay-totp-steps', 'steps.json');

function sharedSteps() {
  try {
    return JSON.parse(readFileSync(SHARED, 'utf8'));
  } catch {
    return {};
  }
}

function lastStepOf(key) {
  return Math.max(lastSteps.get(key) ?? 0, Number(sharedSteps()[key]) || 0);
}

export const currentStep = () => Math.floor(Date.now() / TOTP_STEP_MS);

/** The code of a time step. */
export function totpCode(secret, step) {
  return authenticator.clone({ epoch: step * TOTP_STEP_MS }).generate(secret);
}

/** The newest step whose code was sent for `account` (0: none). */
export function lastSentStep(account) {
  return lastStepOf(account.trim().toLowerCase());
}

/** Remembers that a code of `step` was sent for `account` (also one the API refused as used). */
export function sentStep(account, step) {
  const key = account.trim().toLowerCase();
  const newest = Math.max(step, lastStepOf(key));
  lastSteps.set(key, newest);
  try {
    mkdirSync(join(tmpdir(), 'councilpay-totp-steps'), { recursive: true });
    writeFileSync(SHARED, JSON.stringify({ ...sharedSteps(), [key]: newest }));
  } catch {
    // Kept in this process only: another process may then send a used step, which the API refuses.
  }
}

/** A time step of `account` whose code was not sent yet, inside the API's window; waits for the clock if need be. */
export async function freshStep(account) {
  const last = lastStepOf(account.trim().toLowerCase());
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
  const key = account.trim().toLowerCase();
  lastSteps.delete(key);
  try {
    const shared = sharedSteps();
    delete shared[key];
    writeFileSync(SHARED, JSON.stringify(shared));
  } catch {
    // nothing kept
  }
}
