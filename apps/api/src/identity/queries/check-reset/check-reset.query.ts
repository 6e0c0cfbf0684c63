/** Is this reset link still good (before the portal shows the form)? */
export class CheckResetQuery {
  constructor(readonly resetId: string) {}
}
