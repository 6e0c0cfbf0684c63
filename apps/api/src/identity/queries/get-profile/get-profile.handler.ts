import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { maskIdentity, type ProfileDto } from '@councilpay/domain';
import type { User } from '../../../generated/prisma/client';
import { PrismaService } from '../../../prisma/prisma.service';
import { unauthorized } from '../../../auth/roles';
import { GetProfileQuery } from './get-profile.query';

export function toProfileDto(user: Pick<User, 'email' | 'fullName' | 'phone' | 'nricNo' | 'version'>): ProfileDto {
  return {
    email: user.email,
    fullName: user.fullName,
    phone: user.phone,
    nric: user.nricNo ? maskIdentity(user.nricNo) : null,
    version: user.version,
  };
}

@QueryHandler(GetProfileQuery)
export class GetProfileHandler implements IQueryHandler<GetProfileQuery, ProfileDto> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ userId }: GetProfileQuery): Promise<ProfileDto> {
    const user = await this.prisma.user.findUnique({ where: { id: userId } });
    if (!user) throw unauthorized();
    return toProfileDto(user);
  }
}
