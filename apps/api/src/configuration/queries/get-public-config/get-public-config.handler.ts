import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DEFAULT_COUNCIL, type PublicConfigDto } from '@councilpay/domain';
import { PrismaService } from '../../../prisma/prisma.service';
import { GetPublicConfigQuery } from './get-public-config.query';

@QueryHandler(GetPublicConfigQuery)
export class GetPublicConfigHandler implements IQueryHandler<GetPublicConfigQuery, PublicConfigDto> {
  constructor(private readonly prisma: PrismaService) {}

  /** The portal-wide settings; a database without the row answers with the defaults. */
  async execute(): Promise<PublicConfigDto> {
    const row = await this.prisma.configuration.findUnique({ where: { id: 'default' } });
    const defaultCouncil = await this.prisma.council.findFirst({ where: { isDefault: true }, select: { code: true } });
    return {
      serviceClosed: row?.serviceClosed ?? false,
      announcement: { ms: row?.announcementMs ?? '', en: row?.announcementEn ?? '', zh: row?.announcementZh ?? '' },
      appVersion: row?.appVersion ?? '1.0.0',
      defaultCouncil: defaultCouncil?.code ?? DEFAULT_COUNCIL,
    };
  }
}
