import type { Principal } from '../../../auth/principal';
import type { AdminListQueryDto } from '../../../http/list-query';

export class ListCouncilsQuery {
  constructor(
    readonly principal: Principal,
    readonly request: AdminListQueryDto,
  ) {}
}
