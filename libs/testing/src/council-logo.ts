/** Tests only: a council logo as it may be stored, and how it comes out on a printed document. */
import { pdfColours, type Rgb } from './pdf-pixels';

/**
 * A logo as stored before logos were stored as PNGs: an SVG data URL, one square filled with a CSS colour
 * (hsl(140, 60%, 35%), a green). A PDF library drawing the SVG itself paints it black.
 */
export const CSS_COLOURED_SVG_LOGO = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" fill="hsl(140, 60%, 35%)"/></svg>',
).toString('base64')}`;

/**
 * The colour printed at the middle of the council's logo on a document's first page: receipts, licences and the
 * day close fit the logo in 56 x 56 points at the page's top-left margin (40, 40).
 */
export async function printedLogoColour(pdf: Buffer | Uint8Array): Promise<Rgb> {
  const [colour] = await pdfColours(pdf, [[68, 68]]);
  return colour!;
}

/** Whether a printed colour is CSS_COLOURED_SVG_LOGO's green: neither black nor a grey. */
export function isLogoGreen([r, g, b]: Rgb): boolean {
  return g > 110 && g - r > 60 && g - b > 40;
}
