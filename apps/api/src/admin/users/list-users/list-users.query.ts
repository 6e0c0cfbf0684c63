import type { ListUsersRequestDto } from './list-users.request.dto';

export class ListUsersQuery {
  constructor(readonly request: ListUsersRequestDto) {}
}
