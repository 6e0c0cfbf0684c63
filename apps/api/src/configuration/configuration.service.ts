import { Injectable } from '@nestjs/common';
import { DEFAULT_COUNCIL, type PublicConfigDto } from '@councilpay/domain';
import { PrismaService } from '../prisma/prisma.service';

@Injectable()
export class ConfigurationService {
  constructor(private readonly prisma: PrismaService) {}

  /** The portal-wide settings; a database without the row answers with the defaults. */
  async publicConfig(): Promise<PublicConfigDto> {
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
