import type { Principal } from '../../auth/principal';
import type { CheckSettlementRequestDto } from './check-settlement.request.dto';

/** Checks a gateway settlement file against our payments and records that it was checked. */
export class CheckSettlementCommand {
  constructor(
    readonly principal: Principal,
    readonly request: CheckSettlementRequestDto,
  ) {}
}
