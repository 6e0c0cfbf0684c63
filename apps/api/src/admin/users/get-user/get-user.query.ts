export class GetUserQuery {
  constructor(readonly id: string) {}
}
