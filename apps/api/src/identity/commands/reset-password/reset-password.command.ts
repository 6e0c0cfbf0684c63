/** Set a new password with the id from a reset link. */
export class ResetPasswordCommand {
  constructor(
    readonly resetId: string,
    readonly password: string,
  ) {}
}
