import type { Principal } from '../auth/principal';
import { councilScope } from '../auth/roles';

/**
 * Who reads what CouncilPay tells a council (its feed, its collection files): a staff member (session; their
 * councils only, `_admin` every council), or a council's own system whose request was proved to be that
 * council's by the signed council API: it reads only its own council.
 */
export type CouncilReader = { staff: Principal } | { councilSystem: string };

export function mayRead(reader: CouncilReader, council: string): boolean {
  if ('councilSystem' in reader) return reader.councilSystem === council;
  const scope = councilScope(reader.staff);
  return scope.all || scope.councils.includes(council);
}
