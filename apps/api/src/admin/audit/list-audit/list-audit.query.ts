import type { Principal } from '../../../auth/principal';
import type { ListAuditRequestDto } from './list-audit.request.dto';

export class ListAuditQuery {
  constructor(
    readonly principal: Principal,
    readonly request: ListAuditRequestDto,
  ) {}
}
