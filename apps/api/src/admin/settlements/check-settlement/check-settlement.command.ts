import type { Principal } from '../../../auth/principal';
import type { CheckSettlementRequestDto } from './check-settlement.request.dto';

/** Checks a gateway settlement file both ways against our payments and keeps the check. */
export class CheckSettlementCommand {
  constructor(
    readonly principal: Principal,
    readonly request: CheckSettlementRequestDto,
  ) {}
}
