import { Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { maskIdentity, validateNric, type ProfileUpdateResult } from '@councilpay/domain';
import { Prisma } from '../../../generated/prisma/client';
import { ApiError } from '../../../http/api-error';
import { PrismaService } from '../../../prisma/prisma.service';
import { unauthorized } from '../../../auth/roles';
import { toProfileDto } from '../../queries/get-profile/get-profile.handler';
import { fieldError, NRIC_MESSAGES } from '../../../http/validators';
import { nricTaken } from '../start-registration/start-registration.handler';
import { UpdateProfileCommand } from './update-profile.command';

const conflict = () =>
  new ApiError(
    409,
    'data_no_changes',
    'No changes were saved because the data was changed elsewhere. Please reload and try again.',
  );

/**
 * Updates full name, phone and NRIC under optimistic concurrency: the write names the version that was read,
 * so a concurrent edit makes it a 409 data_no_changes instead of losing someone's change. Nothing different
 * from what is stored answers data_no_changes (200) and writes nothing.
 */
@CommandHandler(UpdateProfileCommand)
export class UpdateProfileHandler implements ICommandHandler<UpdateProfileCommand, ProfileUpdateResult> {
  private readonly logger = new Logger(UpdateProfileHandler.name);

  constructor(private readonly prisma: PrismaService) {}

  async execute({ userId, request }: UpdateProfileCommand): Promise<ProfileUpdateResult> {
    const user = await this.prisma.user.findUnique({ where: { id: userId } });
    if (!user) throw unauthorized();
    if (user.version !== request.version) throw conflict();

    let nricNo = user.nricNo;
    const keepsNric =
      request.nric === undefined || (user.nricNo !== null && request.nric === maskIdentity(user.nricNo));
    if (!keepsNric) {
      const nric = validateNric(request.nric ?? '');
      if (!nric.ok) throw fieldError('nric', nric.code, NRIC_MESSAGES[nric.code]);
      nricNo = nric.value;
    }
    const changes = { fullName: request.fullName, phone: request.phone, nricNo };
    if (changes.fullName === user.fullName && changes.phone === user.phone && changes.nricNo === user.nricNo) {
      return { code: 'data_no_changes', profile: toProfileDto(user) };
    }
    const [updated] = await this.prisma.user
      .updateManyAndReturn({
        where: { id: userId, version: request.version },
        data: { ...changes, version: { increment: 1 } },
      })
      .catch((error: unknown) => {
        // One account per NRIC (unique in the database).
        if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') throw nricTaken();
        throw error;
      });
    if (!updated) throw conflict();
    this.logger.log({ userId, version: updated.version }, 'Profile updated');
    return { code: 'update_successful', profile: toProfileDto(updated) };
  }
}
