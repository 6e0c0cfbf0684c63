import type { Principal } from '../../auth/principal';

/**
 * Who asks for a council's feed: a staff member (session; their councils only), or a council's own system whose
 * request was proved to be that council's (the signed API): it reads only its own council.
 */
export type CouncilFeedCaller = { staff: Principal } | { councilSystem: string };

/** The council's credits and refunds after a cursor, oldest first, at most `limit`. */
export class PullCouncilFeedQuery {
  constructor(
    readonly caller: CouncilFeedCaller,
    readonly council: string,
    readonly after: string | undefined,
    readonly limit: number | undefined,
  ) {}
}
