import { COUNCIL_LOGO_PATH, type CouncilDto } from '@councilpay/domain';
import type { Council } from '../generated/prisma/client';

/** A council as the portal and the console read it. */
export function toCouncilDto(council: Council): CouncilDto {
  return {
    code: council.code,
    name: { ms: council.nameMs, en: council.nameEn, zh: council.nameZh },
    // A path stored before the rule held (another site's address) is not handed to browsers.
    logoUrl: council.logoPath && COUNCIL_LOGO_PATH.test(council.logoPath) ? council.logoPath : null,
    active: council.active,
    payableTypes: council.payableTypes,
    isDefault: council.isDefault,
  };
}
