import type { CouncilDto } from '@councilpay/domain';
import type { Council } from '../generated/prisma/client';

/** A council as the portal and the console read it. */
export function toCouncilDto(council: Council): CouncilDto {
  return {
    code: council.code,
    name: { ms: council.nameMs, en: council.nameEn, zh: council.nameZh },
    logoUrl: council.logoPath,
    active: council.active,
    payableTypes: council.payableTypes,
    isDefault: council.isDefault,
  };
}
