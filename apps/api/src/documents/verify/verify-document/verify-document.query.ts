/** What a code scanned from a receipt or licence says: authentic (with its facts), altered or unknown. */
export class VerifyDocumentQuery {
  constructor(readonly token: string) {}
}
