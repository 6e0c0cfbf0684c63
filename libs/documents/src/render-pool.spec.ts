import { crc32, deflateSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { DOCUMENT_FONT } from './render';
import { DocumentRenderError, DocumentRenderPool } from './render-pool';

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG whose header claims 100000 x 100000 RGBA pixels: decoding it needs 40 GB. */
function pngBomb(): string {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(100_000, 0);
  header.writeUInt32BE(100_000, 4);
  header[8] = 8;
  header[9] = 6;
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.from([0, 0, 0]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** An SVG whose `<use>` elements double 20 times: a million rectangles for the PDF library to draw. */
function svgBomb(): string {
  let svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><defs><rect id="a0" width="1" height="1"/>';
  for (let i = 1; i <= 20; i += 1) svg += `<g id="a${i}"><use href="#a${i - 1}"/><use href="#a${i - 1}"/></g>`;
  return `${svg}</defs><use href="#a20"/></svg>`;
}

const page = (content: TDocumentDefinitions['content']): TDocumentDefinitions => ({
  content,
  defaultStyle: { font: DOCUMENT_FONT },
});

async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(DocumentRenderError);
    return (error as DocumentRenderError).reason;
  }
  return 'rendered';
}

describe('the render pool', () => {
  const pool = new DocumentRenderPool({ threads: 1, memoryMb: 96, timeoutMs: 60_000, maxQueue: 10 });
  afterAll(() => pool.close());

  it('renders a document on a thread of its own', async () => {
    const pdf = await pool.render(page([{ text: 'Resit rasmi 正式收据' }]));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('a document that would take the process down fails alone, and the next one renders', async () => {
    // The PDF library decodes this PNG's pixels: the allocation fails, on the render thread only.
    expect(await failure(pool.render(page([{ image: pngBomb(), fit: [56, 56] }])))).toBe('failed');
    // A million shapes: the thread reaches its heap limit and is ended, not the process.
    expect(await failure(pool.render(page([{ svg: svgBomb(), fit: [56, 56] }])))).toBe('memory');
    const pdf = await pool.render(page([{ text: 'after' }]));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('a document that takes longer than its time limit fails as timeout', async () => {
    const hasty = new DocumentRenderPool({ threads: 1, memoryMb: 96, timeoutMs: 1, maxQueue: 10 });
    try {
      expect(await failure(hasty.render(page([{ text: 'slow' }])))).toBe('timeout');
    } finally {
      await hasty.close();
    }
  });
});
