/**
 * Rendering a document definition to PDF bytes (server side). The one font, Noto Sans SC, covers Latin
 * (Malay, English) and Chinese, so every language renders with the same font; pdfmake embeds only the
 * glyphs a document uses. Fonts are read from the npm package on first use and kept in memory.
 * pdfmake never fetches a URL nor reads any other file: images come inside the definition as data URLs.
 */
import { readFileSync } from 'node:fs';
import pdfmake from 'pdfmake';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';

export const DOCUMENT_FONT = 'NotoSansSC';

/** The font's files, as npm module paths (one family: regular and bold). */
export const DOCUMENT_FONT_FILES = {
  normal: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
} as const;

/** pdfmake's virtual file system (present at run time, not in its type declarations). */
interface VirtualFs {
  writeFileSync(name: string, content: Buffer): void;
  existsSync(name: string): boolean;
}

let ready = false;

function prepare(): void {
  if (ready) return;
  const vfs = (pdfmake as unknown as { virtualfs: VirtualFs }).virtualfs;
  for (const [style, module] of Object.entries(DOCUMENT_FONT_FILES)) {
    vfs.writeFileSync(`${DOCUMENT_FONT}-${style}.ttf`, readFileSync(require.resolve(module)));
  }
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy(() => false);
  pdfmake.setFonts({
    [DOCUMENT_FONT]: {
      normal: `${DOCUMENT_FONT}-normal.ttf`,
      bold: `${DOCUMENT_FONT}-bold.ttf`,
      italics: `${DOCUMENT_FONT}-normal.ttf`,
      bolditalics: `${DOCUMENT_FONT}-bold.ttf`,
    },
  });
  ready = true;
}

/** The PDF bytes of a definition made by this library (receipt, digital licence). */
export async function renderPdf(definition: TDocumentDefinitions): Promise<Buffer> {
  prepare();
  return pdfmake.createPdf(definition).getBuffer();
}
