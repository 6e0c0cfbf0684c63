import type { Principal } from '../../../auth/principal';
import type { ListNotificationsRequestDto } from './list-notifications.request.dto';

export class ListNotificationsQuery {
  constructor(
    readonly principal: Principal,
    readonly request: ListNotificationsRequestDto,
  ) {}
}
