import { Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler, IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import {
  DEFAULT_REFUND_APPROVAL_ABOVE_SEN,
  type AdminConfiguration,
  type AdminConfigurationUpdate,
} from '@councilpay/domain';
import type { Configuration } from '../../generated/prisma/client';
import type { Principal } from '../../auth/principal';
import { PrismaService } from '../../prisma/prisma.service';
import { recordStaffAction } from '../../audit/staff-audit';

const ID = 'default';

export class GetConfigurationQuery {}

export class UpdateConfigurationCommand {
  constructor(
    readonly principal: Principal,
    readonly update: AdminConfigurationUpdate,
  ) {}
}

function toAdminConfiguration(row: Configuration | null): AdminConfiguration {
  return {
    id: ID,
    serviceClosed: row?.serviceClosed ?? false,
    announcementMs: row?.announcementMs ?? '',
    announcementEn: row?.announcementEn ?? '',
    announcementZh: row?.announcementZh ?? '',
    appVersion: row?.appVersion ?? '1.0.0',
    refundApprovalAboveSen: row?.refundApprovalAboveSen ?? DEFAULT_REFUND_APPROVAL_ABOVE_SEN,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/** The portal-wide settings, one record (a database without it reads as the defaults). */
@QueryHandler(GetConfigurationQuery)
export class GetConfigurationHandler implements IQueryHandler<GetConfigurationQuery, AdminConfiguration> {
  constructor(private readonly prisma: PrismaService) {}

  async execute(): Promise<AdminConfiguration> {
    return toAdminConfiguration(await this.prisma.configuration.findUnique({ where: { id: ID } }));
  }
}

@CommandHandler(UpdateConfigurationCommand)
export class UpdateConfigurationHandler implements ICommandHandler<UpdateConfigurationCommand, AdminConfiguration> {
  private readonly logger = new Logger(UpdateConfigurationHandler.name);

  constructor(private readonly prisma: PrismaService) {}

  async execute({ principal, update }: UpdateConfigurationCommand): Promise<AdminConfiguration> {
    const data = {
      serviceClosed: update.serviceClosed,
      announcementMs: update.announcementMs,
      announcementEn: update.announcementEn,
      announcementZh: update.announcementZh,
      appVersion: update.appVersion,
      ...(update.refundApprovalAboveSen !== undefined ? { refundApprovalAboveSen: update.refundApprovalAboveSen } : {}),
    };
    const row = await this.prisma.$transaction(async (tx) => {
      // The row is locked while it changes, so the audit's "before" is what this change replaced.
      await tx.$queryRaw`SELECT "id" FROM "Configuration" WHERE "id" = ${ID} FOR UPDATE`;
      const before = toAdminConfiguration(await tx.configuration.findUnique({ where: { id: ID } }));
      const beforeFields: AdminConfigurationUpdate = {
        serviceClosed: before.serviceClosed,
        announcementMs: before.announcementMs,
        announcementEn: before.announcementEn,
        announcementZh: before.announcementZh,
        appVersion: before.appVersion,
        refundApprovalAboveSen: before.refundApprovalAboveSen,
      };
      const after = await tx.configuration.upsert({ where: { id: ID }, update: data, create: { id: ID, ...data } });
      await recordStaffAction(tx, principal, {
        action: 'configuration_update',
        targetType: 'configuration',
        targetId: ID,
        councils: [],
        before: { ...beforeFields },
        after: { ...data },
      });
      return after;
    });
    this.logger.log(
      {
        staffId: principal.id,
        serviceClosed: row.serviceClosed,
        appVersion: row.appVersion,
        refundApprovalAboveSen: row.refundApprovalAboveSen,
      },
      'Configuration changed',
    );
    return toAdminConfiguration(row);
  }
}
