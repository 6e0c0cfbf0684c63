import type { Principal } from '../../../auth/principal';

/** A council admin signs a council's day off: its figures are kept as they are now. */
export class SignDayCloseCommand {
  constructor(
    readonly principal: Principal,
    readonly council: string,
    readonly day: string,
  ) {}
}
