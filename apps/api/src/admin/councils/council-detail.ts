import { createHash } from 'node:crypto';
import type { AdminCouncilDetail } from '@councilpay/domain';
import { toCouncilDto } from '../../councils/council-dto';
import type { Council } from '../../generated/prisma/client';

/**
 * One council as staff see and edit it. The document images go out whole (small data URLs, to staff only) so
 * the console can show them; the audit records only their fingerprints.
 */
export function toAdminCouncilDetail(council: Council): AdminCouncilDetail {
  return {
    ...toCouncilDto(council),
    id: council.code,
    signatureOfficerName: council.signatureOfficerName,
    signatureOfficerPost: council.signatureOfficerPost,
    logoImage: council.logoImage,
    signatureImage: council.signatureImage,
  };
}

/** An image in the audit: a fingerprint, never its bytes. */
function imageFingerprint(dataUrl: string | null): string | null {
  return dataUrl ? `sha256:${createHash('sha256').update(dataUrl).digest('hex').slice(0, 16)}` : null;
}

/** The fields staff change, as recorded before and after in the audit. */
export function editableCouncilFields(council: Council) {
  return {
    active: council.active,
    logoUrl: council.logoPath,
    signatureOfficerName: council.signatureOfficerName,
    signatureOfficerPost: council.signatureOfficerPost,
    logoImage: imageFingerprint(council.logoImage),
    signatureImage: imageFingerprint(council.signatureImage),
  };
}
