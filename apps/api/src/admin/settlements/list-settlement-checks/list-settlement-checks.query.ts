import type { Principal } from '../../../auth/principal';
import type { ListSettlementChecksRequestDto } from './list-settlement-checks.request.dto';

/** The settlement checks the caller may open, newest first. */
export class ListSettlementChecksQuery {
  constructor(
    readonly principal: Principal,
    readonly request: ListSettlementChecksRequestDto,
  ) {}
}
