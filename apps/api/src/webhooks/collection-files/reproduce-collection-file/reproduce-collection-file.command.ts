import type { Principal } from '../../../auth/principal';

/** Produce a council's day again and compare it with the kept files (keeping them when none was kept). */
export class ReproduceCollectionFileCommand {
  constructor(
    readonly principal: Principal,
    readonly council: string,
    readonly day: string,
  ) {}
}
