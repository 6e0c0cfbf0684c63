/**
 * Documents are rendered off the caller's thread, in a small pool of worker threads (piscina), each with a
 * heap limit, and each document with a time limit. pdfmake decodes images and lays out text in JavaScript on
 * the thread that runs it: on the API's own thread one bad document (an image that claims a huge size, a
 * drawing that never ends) would stall every request or end the process. In the pool it ends its thread only,
 * and its caller gets a DocumentRenderError; the pool starts another thread for the next document.
 */
import { extname, join } from 'node:path';
import Piscina from 'piscina';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import type { RenderTask } from './render-thread';

export interface RenderPoolOptions {
  /** Threads rendering at once. */
  threads: number;
  /** Heap limit of each thread, in MB: a document that needs more ends its thread. */
  memoryMb: number;
  /** Time one document may take, queueing included. */
  timeoutMs: number;
  /** Documents that may wait for a thread; beyond it a render is refused at once as `busy`. */
  maxQueue: number;
  /** An idle thread is ended after this long (it keeps its fonts until then). */
  idleMs?: number;
}

export type DocumentRenderFailure = 'timeout' | 'memory' | 'busy' | 'failed' | 'closed';

/** A document that could not be rendered, and why. Only that document fails. */
export class DocumentRenderError extends Error {
  constructor(
    readonly reason: DocumentRenderFailure,
    detail: string,
  ) {
    super(`Document not rendered (${reason}): ${detail}`);
    this.name = 'DocumentRenderError';
  }
}

/**
 * The thread's code beside this file: render-thread.js when built; when the library runs from its TypeScript
 * source (tests, tsx) the thread loads render-thread.ts through tsx, as the caller does.
 */
function threadEntry(): { filename: string; execArgv: string[] } {
  const extension = extname(__filename);
  const filename = join(__dirname, `render-thread${extension}`);
  return { filename, execArgv: extension === '.ts' ? ['--require', 'tsx/cjs'] : [] };
}

function failureOf(error: unknown): DocumentRenderFailure {
  const e = error as { name?: string; code?: string; message?: string };
  if (e?.name === 'AbortError') return 'timeout';
  if (e?.code === 'ERR_WORKER_OUT_OF_MEMORY') return 'memory';
  if (/queue is at limit/i.test(String(e?.message))) return 'busy';
  if (/terminated|closed|destroyed/i.test(String(e?.message))) return 'closed';
  return 'failed';
}

export class DocumentRenderPool {
  private readonly pool: Piscina<RenderTask, Uint8Array>;

  constructor(private readonly options: RenderPoolOptions) {
    const { filename, execArgv } = threadEntry();
    this.pool = new Piscina<RenderTask, Uint8Array>({
      filename,
      execArgv,
      minThreads: 0,
      maxThreads: options.threads,
      maxQueue: options.maxQueue,
      idleTimeout: options.idleMs ?? 60_000,
      resourceLimits: { maxOldGenerationSizeMb: options.memoryMb, maxYoungGenerationSizeMb: 32 },
    });
  }

  /** The PDF bytes of a definition made by this library; a DocumentRenderError when it cannot be made. */
  async render(definition: TDocumentDefinitions): Promise<Buffer> {
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    try {
      const pdf = await this.pool.run({ definition }, { signal });
      return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
    } catch (error) {
      const reason = failureOf(error);
      throw new DocumentRenderError(
        reason,
        reason === 'timeout' ? `took longer than ${this.options.timeoutMs} ms` : (error as Error).message,
      );
    }
  }

  /** Threads now running or idle, and documents waiting. */
  stats(): { threads: number; queued: number } {
    return { threads: this.pool.threads.length, queued: this.pool.queueSize };
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }
}
