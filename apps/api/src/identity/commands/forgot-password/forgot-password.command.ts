import type { Language } from '@councilpay/domain';

/** Email a reset link to the account with this email, if there is one. */
export class ForgotPasswordCommand {
  constructor(
    readonly email: string,
    readonly language: Language,
    readonly address: string,
  ) {}
}
