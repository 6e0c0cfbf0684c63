import { Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler, IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { AdminConfiguration, AdminConfigurationUpdate } from '@councilpay/domain';
import type { Configuration } from '../../generated/prisma/client';
import { PrismaService } from '../../prisma/prisma.service';

const ID = 'default';

export class GetConfigurationQuery {}

export class UpdateConfigurationCommand {
  constructor(
    readonly staffId: string,
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

  async execute({ staffId, update }: UpdateConfigurationCommand): Promise<AdminConfiguration> {
    const data = {
      serviceClosed: update.serviceClosed,
      announcementMs: update.announcementMs,
      announcementEn: update.announcementEn,
      announcementZh: update.announcementZh,
      appVersion: update.appVersion,
    };
    const row = await this.prisma.configuration.upsert({
      where: { id: ID },
      update: data,
      create: { id: ID, ...data },
    });
    this.logger.log({ staffId, serviceClosed: row.serviceClosed, appVersion: row.appVersion }, 'Configuration changed');
    return toAdminConfiguration(row);
  }
}
