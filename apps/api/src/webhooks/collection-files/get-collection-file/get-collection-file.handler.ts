import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ApiError } from '../../../http/api-error';
import { PrismaService } from '../../../prisma/prisma.service';
import { collectionTarget } from '../collection-file-access';
import { GetCollectionFileQuery, type KeptCollectionFile } from './get-collection-file.query';

@QueryHandler(GetCollectionFileQuery)
export class GetCollectionFileHandler implements IQueryHandler<GetCollectionFileQuery, KeptCollectionFile> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ reader, council, day, format }: GetCollectionFileQuery): Promise<KeptCollectionFile> {
    await collectionTarget(this.prisma, reader, council, day);
    const file = await this.prisma.collectionFile.findUnique({
      where: { councilCode_day_format: { councilCode: council, day, format } },
      select: { content: true, sha256: true },
    });
    if (!file) {
      throw new ApiError(404, 'collection_file_not_made', 'No collection file has been made for this council and day');
    }
    return { content: Buffer.from(file.content), sha256: file.sha256 };
  }
}
