/** Step 2 of registration: the code from the SMS creates the account. */
export class VerifyRegistrationCommand {
  constructor(
    readonly verificationId: string,
    readonly code: string,
  ) {}
}
