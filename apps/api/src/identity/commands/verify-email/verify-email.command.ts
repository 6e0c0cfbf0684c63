import type { Language } from '@councilpay/domain';
import type { Principal } from '../../../auth/principal';

/** The emailed link proves the user reads that mailbox. */
export class VerifyEmailCommand {
  constructor(readonly token: string) {}
}

/** Another verification email, for a signed-in user whose address is not verified yet. */
export class ResendEmailVerificationCommand {
  constructor(
    readonly principal: Principal,
    readonly language: Language,
  ) {}
}
