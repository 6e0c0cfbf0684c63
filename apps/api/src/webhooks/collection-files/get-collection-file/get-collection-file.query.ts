import type { CollectionFileFormat } from '@councilpay/domain';
import type { Principal } from '../../../auth/principal';

/** One kept collection file's bytes and hash. */
export class GetCollectionFileQuery {
  constructor(
    readonly principal: Principal,
    readonly council: string,
    readonly day: string,
    readonly format: CollectionFileFormat,
  ) {}
}

export interface KeptCollectionFile {
  content: Buffer;
  sha256: string;
}
