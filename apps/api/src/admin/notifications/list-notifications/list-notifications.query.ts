import type { Principal } from '../../../identity/principal';
import type { ListNotificationsRequestDto } from './list-notifications.request.dto';

export class ListNotificationsQuery {
  constructor(
    readonly principal: Principal,
    readonly request: ListNotificationsRequestDto,
  ) {}
}
