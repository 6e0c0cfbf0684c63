import type { CollectionFileFormat } from '@councilpay/domain';
import type { CouncilReader } from '../../council-reader';

/** One kept collection file's bytes and hash. */
export class GetCollectionFileQuery {
  constructor(
    readonly reader: CouncilReader,
    readonly council: string,
    readonly day: string,
    readonly format: CollectionFileFormat,
  ) {}
}

export interface KeptCollectionFile {
  content: Buffer;
  sha256: string;
}
