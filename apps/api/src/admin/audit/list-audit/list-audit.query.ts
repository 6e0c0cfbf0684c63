import type { Principal } from '../../../identity/principal';
import type { ListAuditRequestDto } from './list-audit.request.dto';

export class ListAuditQuery {
  constructor(
    readonly principal: Principal,
    readonly request: ListAuditRequestDto,
  ) {}
}
