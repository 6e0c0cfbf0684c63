import type { Principal } from '../../../auth/principal';
import type { ListSettlementLinesRequestDto } from './list-settlement-lines.request.dto';

/** A page of a settlement check's lines, the ones needing a look first. */
export class ListSettlementLinesQuery {
  constructor(
    readonly principal: Principal,
    readonly id: string,
    readonly request: ListSettlementLinesRequestDto,
  ) {}
}
