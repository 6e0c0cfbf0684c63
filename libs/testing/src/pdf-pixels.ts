/** Tests only: a PDF's first page as a reader sees it, drawn (pdf.js through pdf-parse) at one pixel per point. */
import { PDFParse } from 'pdf-parse';
import sharp from 'sharp';

export type Rgb = [number, number, number];

/** The colour at (x, y) points from the page's top-left corner, for every point asked. */
export async function pdfColours(pdf: Buffer | Uint8Array, points: [number, number][]): Promise<Rgb[]> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  let png: Uint8Array;
  try {
    const shot = await parser.getScreenshot({ first: 1, scale: 1 });
    png = shot.pages[0]!.data;
  } finally {
    await parser.destroy();
  }
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return points.map(([x, y]) => {
    const at = (Math.round(y) * info.width + Math.round(x)) * info.channels;
    return [data[at]!, data[at + 1]!, data[at + 2]!];
  });
}
