import type { AdminCouncilDetail } from '@councilpay/domain';
import { toCouncilDto } from '../../councils/councils.service';
import type { Council } from '../../generated/prisma/client';

export function toAdminCouncilDetail(council: Council): AdminCouncilDetail {
  return {
    ...toCouncilDto(council),
    id: council.code,
    signatureOfficerName: council.signatureOfficerName,
    signatureOfficerPost: council.signatureOfficerPost,
  };
}

/** The fields staff change, as recorded before and after in the audit. */
export function editableCouncilFields(council: Council) {
  return {
    active: council.active,
    logoUrl: council.logoPath,
    signatureOfficerName: council.signatureOfficerName,
    signatureOfficerPost: council.signatureOfficerPost,
  };
}
