export class GetProfileQuery {
  constructor(readonly userId: string) {}
}
