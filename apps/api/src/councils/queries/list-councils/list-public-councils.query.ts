/** Every council, the default first, then by Malay name. */
export class ListPublicCouncilsQuery {}
