import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { CollectionFileReproduction } from '@councilpay/domain';
import { PrismaService } from '../../../prisma/prisma.service';
import { collectionTarget } from '../collection-file-access';
import { CollectionFiles } from '../collection-files';
import { ReproduceCollectionFileCommand } from './reproduce-collection-file.command';

@CommandHandler(ReproduceCollectionFileCommand)
export class ReproduceCollectionFileHandler implements ICommandHandler<
  ReproduceCollectionFileCommand,
  CollectionFileReproduction[]
> {
  constructor(
    private readonly prisma: PrismaService,
    private readonly files: CollectionFiles,
  ) {}

  async execute({ principal, council, day }: ReproduceCollectionFileCommand): Promise<CollectionFileReproduction[]> {
    await collectionTarget(this.prisma, { staff: principal }, council, day);
    return this.files.reproduce(council, day, new Date());
  }
}
