import { JobHandler, type HandlesJob } from '../../queues/job-handler';
import { CollectionFiles } from './collection-files';

/** Keeps every council's collection files of the days now due (and of earlier due days still missing). */
@JobHandler('ProduceCollectionFiles')
export class ProduceCollectionFilesJob implements HandlesJob<'ProduceCollectionFiles'> {
  constructor(private readonly files: CollectionFiles) {}

  handle(): Promise<unknown> {
    return this.files.produceDue(new Date());
  }
}
