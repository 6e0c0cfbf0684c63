/** Tests only: the text of a PDF, page by page joined, as a reader's copy-paste would give it. */
import { PDFParse } from 'pdf-parse';

export async function pdfText(pdf: Buffer | Uint8Array): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const result = await parser.getText();
    return result.text;
  } finally {
    await parser.destroy();
  }
}
