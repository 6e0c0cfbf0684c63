import { checkDay, closeTarget } from '../../money/council-days';
import { ApiError } from '../../http/api-error';
import type { PrismaService } from '../../prisma/prisma.service';
import { mayRead, type CouncilReader } from '../council-reader';

/** A real Malaysian day of an existing council the reader answers for; otherwise the 4xx that says which. */
export async function collectionTarget(
  prisma: PrismaService,
  reader: CouncilReader,
  council: string,
  day: string,
): Promise<void> {
  if ('staff' in reader) closeTarget(reader.staff, council, day);
  else {
    checkDay(day);
    if (!mayRead(reader, council)) throw new ApiError(403, 'forbidden', 'This council is not yours', { council });
  }
  if (!(await prisma.council.findUnique({ where: { code: council }, select: { code: true } }))) {
    throw new ApiError(404, 'not_found', 'Not Found!');
  }
}
