/** A new registration code, when the SMS did not come, the code expired or was voided. */
export class ResendCodeCommand {
  constructor(readonly verificationId: string) {}
}
