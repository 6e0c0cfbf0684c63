/** One council by its code, or null. */
export class GetPublicCouncilQuery {
  constructor(readonly code: string) {}
}
