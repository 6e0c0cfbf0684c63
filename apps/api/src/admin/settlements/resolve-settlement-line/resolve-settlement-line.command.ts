import type { Principal } from '../../../auth/principal';
import type { ResolveSettlementLineRequestDto } from './resolve-settlement-line.request.dto';

/** An officer puts a settlement mismatch right: asks the bank again, explains it, or names its refund. */
export class ResolveSettlementLineCommand {
  constructor(
    readonly principal: Principal,
    readonly checkId: string,
    readonly lineId: bigint,
    readonly request: ResolveSettlementLineRequestDto,
  ) {}
}
