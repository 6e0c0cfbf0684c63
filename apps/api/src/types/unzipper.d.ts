/** The part of unzipper (no published types) the bill file reader uses: a zip's central directory. */
declare module 'unzipper' {
  export interface CentralDirectoryEntry {
    readonly path: string;
    readonly compressedSize: number;
    readonly uncompressedSize: number;
  }
  export interface CentralDirectory {
    readonly files: readonly CentralDirectoryEntry[];
  }
  export const Open: {
    file(path: string): Promise<CentralDirectory>;
  };
}
