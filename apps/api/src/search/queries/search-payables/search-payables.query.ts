import type { SearchRequestDto } from './search-payables.request.dto';

/** One account by council, payment type (and plan type) and id, with the items that depend on it. */
export class SearchPayablesQuery {
  constructor(readonly request: SearchRequestDto) {}
}
