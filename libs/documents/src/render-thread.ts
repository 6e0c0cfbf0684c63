/**
 * The code a render thread runs (see render-pool.ts): one document definition in, its PDF bytes out. The
 * fonts are read once per thread, on its first document.
 */
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { renderPdf } from './render';

export interface RenderTask {
  definition: TDocumentDefinitions;
}

export default async function renderTask({ definition }: RenderTask): Promise<Uint8Array> {
  const pdf = await renderPdf(definition);
  // A copy in an ArrayBuffer of its own, so it moves to the caller's thread instead of being copied again.
  return new Uint8Array(pdf);
}
