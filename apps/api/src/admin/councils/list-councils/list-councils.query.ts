import type { Principal } from '../../../identity/principal';
import type { AdminListQueryDto } from '../../list-query';

export class ListCouncilsQuery {
  constructor(
    readonly principal: Principal,
    readonly request: AdminListQueryDto,
  ) {}
}
