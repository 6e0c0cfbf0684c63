import type { CouncilReader } from '../council-reader';

/** The council's credits and refunds after a cursor, oldest first, at most `limit`. */
export class PullCouncilFeedQuery {
  constructor(
    readonly caller: CouncilReader,
    readonly council: string,
    readonly after: string | undefined,
    readonly limit: number | undefined,
  ) {}
}
