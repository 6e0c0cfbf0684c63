import { Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { AdminCouncilDetail } from '@councilpay/domain';
import { normaliseDocumentImage } from '../../../councils/document-image';
import { ApiError } from '../../../http/api-error';
import { PrismaService } from '../../../prisma/prisma.service';
import { recordStaffAction } from '../../../audit/staff-audit';
import { editableCouncilFields, toAdminCouncilDetail } from '../council-detail';
import { UpdateCouncilCommand } from './update-council.command';

/**
 * Changes what staff may change of a council (online or not, logo, document images, licence officer), audited with the values
 * before and after, in one transaction. Only the fields it names are written, so fields other features add to
 * a council keep their values.
 */
@CommandHandler(UpdateCouncilCommand)
export class UpdateCouncilHandler implements ICommandHandler<UpdateCouncilCommand, AdminCouncilDetail> {
  private readonly logger = new Logger(UpdateCouncilHandler.name);

  constructor(private readonly prisma: PrismaService) {}

  async execute({ principal, code, update }: UpdateCouncilCommand): Promise<AdminCouncilDetail> {
    // Uploaded images are checked (decoded, within their limits) and redrawn as the PNG documents print,
    // before anything is written; the PNG is what is stored.
    const images: { logoImage?: string | null; signatureImage?: string | null } = {};
    for (const field of ['logoImage', 'signatureImage'] as const) {
      const image = update[field];
      if (typeof image !== 'string') {
        if (image !== undefined) images[field] = image;
        continue;
      }
      const checked = await normaliseDocumentImage(image);
      if (!checked.ok) {
        this.logger.warn(
          { council: code, staffId: principal.id, field, reason: checked.reason },
          'Council image refused',
        );
        throw new ApiError(400, 'image_invalid', `${field} ${checked.problem}`, { reason: checked.reason }, field);
      }
      images[field] = checked.dataUrl;
    }
    const council = await this.prisma.$transaction(async (tx) => {
      const rows = await tx.$queryRaw<
        { code: string }[]
      >`SELECT "code" FROM "Council" WHERE "code" = ${code} FOR UPDATE`;
      if (rows.length === 0) throw new ApiError(404, 'not_found', 'Not Found!');
      const before = await tx.council.findUniqueOrThrow({ where: { code } });
      const after = await tx.council.update({
        where: { code },
        data: {
          active: update.active,
          logoPath: update.logoUrl,
          signatureOfficerName: update.signatureOfficerName,
          signatureOfficerPost: update.signatureOfficerPost,
          ...images,
        },
      });
      await recordStaffAction(tx, principal, {
        action: 'council_update',
        targetType: 'council',
        targetId: code,
        councils: [code],
        before: editableCouncilFields(before),
        after: editableCouncilFields(after),
      });
      return after;
    });
    this.logger.log({ council: code, staffId: principal.id, active: council.active }, 'Council changed by staff');
    return toAdminCouncilDetail(council);
  }
}
