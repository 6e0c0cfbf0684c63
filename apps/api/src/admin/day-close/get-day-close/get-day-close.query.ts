import type { Principal } from '../../../auth/principal';

/** The close of one council's Malaysian day. */
export class GetDayCloseQuery {
  constructor(
    readonly principal: Principal,
    readonly council: string,
    readonly day: string,
  ) {}
}
