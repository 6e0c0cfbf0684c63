import { Injectable } from '@nestjs/common';
import type { CouncilDto } from '@councilpay/domain';
import { PrismaService } from '../prisma/prisma.service';
import type { Council } from '../generated/prisma/client';

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

@Injectable()
export class CouncilsService {
  constructor(private readonly prisma: PrismaService) {}

  /** Every council, the default first, then by Malay name. */
  async list(): Promise<CouncilDto[]> {
    const councils = await this.prisma.council.findMany({ orderBy: [{ isDefault: 'desc' }, { nameMs: 'asc' }] });
    return councils.map(toCouncilDto);
  }

  async find(code: string): Promise<CouncilDto | null> {
    const council = await this.prisma.council.findUnique({ where: { code } });
    return council ? toCouncilDto(council) : null;
  }
}
