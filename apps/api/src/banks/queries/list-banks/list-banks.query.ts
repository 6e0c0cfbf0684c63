/** FPX's bank list, fresh or (while FPX cannot answer) the last good one. */
export class ListBanksQuery {}
