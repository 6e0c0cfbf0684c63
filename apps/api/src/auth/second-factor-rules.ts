import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@councilpay/domain';
import { sha256 } from './secrets';

/** Letters and digits nobody confuses when reading them off paper (no 0/o, 1/l/i). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_HALF = 5;

/** One recovery code, `xxxxx-xxxxx` (about 49 random bits). */
export function newRecoveryCode(): string {
  const half = () =>
    Array.from({ length: RECOVERY_HALF }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return `${half()}-${half()}`;
}

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
}

/** A recovery code as typed (any case, spaces or the dash anywhere) reduced to what is compared. */
export function normaliseRecoveryCode(typed: string): string {
  return typed.toLowerCase().replace(/[\s-]/g, '');
}

/** What is stored for a recovery code: its hash, never the code. */
export function recoveryCodeHash(typed: string): string {
  return sha256(`recovery:${normaliseRecoveryCode(typed)}`);
}

/** A TOTP code as typed: six digits, spaces allowed between them. Anything else is no code. */
export function normaliseTotpCode(typed: string): string | null {
  const digits = typed.replace(/\s/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

/**
 * Whether a code of time step `step` may be accepted after `lastStep` was: a step's code is accepted once, and
 * never one older than a code already accepted (RFC 6238 §5.2), so a code seen over a shoulder is useless.
 */
export function stepAcceptable(step: number, lastStep: number | null): boolean {
  return lastStep === null || step > lastStep;
}
