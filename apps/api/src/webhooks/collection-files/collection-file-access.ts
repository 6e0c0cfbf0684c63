import type { Principal } from '../../auth/principal';
import { closeTarget } from '../../admin/day-close/day-close-reports';
import { ApiError } from '../../http/api-error';
import type { PrismaService } from '../../prisma/prisma.service';

/** A real Malaysian day of an existing council the caller answers for; otherwise the 4xx that says which. */
export async function collectionTarget(
  prisma: PrismaService,
  principal: Principal,
  council: string,
  day: string,
): Promise<void> {
  closeTarget(principal, council, day);
  if (!(await prisma.council.findUnique({ where: { code: council }, select: { code: true } }))) {
    throw new ApiError(404, 'not_found', 'Not Found!');
  }
}
