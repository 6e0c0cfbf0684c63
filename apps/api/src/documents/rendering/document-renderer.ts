import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { DocumentRenderError, DocumentRenderPool } from '@councilpay/documents';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';

/**
 * Renders receipts and licences in the process's pool of render threads (DOCUMENT_RENDER_THREADS, each with a
 * heap of DOCUMENT_RENDER_MEMORY_MB, each document within DOCUMENT_RENDER_TIMEOUT_MS). A document that cannot
 * be rendered fails with a DocumentRenderError (503 document_unavailable at the HTTP edge) and a log line; the
 * process and every other request go on. The threads start on the first document.
 */
@Injectable()
export class DocumentRenderer implements OnApplicationShutdown {
  private readonly logger = new Logger(DocumentRenderer.name);
  private readonly pool: DocumentRenderPool;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const { threads, memoryMb, timeoutMs, queue } = config.documents.render;
    this.pool = new DocumentRenderPool({ threads, memoryMb, timeoutMs, maxQueue: queue });
  }

  /** The PDF of `definition`; `context` (the document's reference) goes into the log line of a failure. */
  async render(definition: TDocumentDefinitions, context: Record<string, unknown>): Promise<Buffer> {
    try {
      return await this.pool.render(definition);
    } catch (error) {
      if (error instanceof DocumentRenderError) {
        this.logger.warn({ ...context, reason: error.reason, err: error.message }, 'Document not rendered');
      }
      throw error;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool.close();
  }
}
