import type { Principal } from '../../../auth/principal';
import type { ListCollectionFilesRequestDto } from '../collection-files.request.dto';

/** The kept collection files of the caller's councils (optionally one council and a span of days), newest first. */
export class ListCollectionFilesQuery {
  constructor(
    readonly principal: Principal,
    readonly request: ListCollectionFilesRequestDto,
  ) {}
}
