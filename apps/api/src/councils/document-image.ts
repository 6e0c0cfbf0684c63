/**
 * Images a council uploads for its documents (the logo on receipts and licences, the officer's signature on
 * licences): a base64 data URL of a PNG or an SVG, at most 20 KB, so both fit in one request under the API's
 * 64 KB body limit. An SVG must be a plain drawing: no script, no event handler, no entity declaration, nothing
 * fetched from elsewhere (pdfmake is denied every URL and file anyway).
 */
import { DOCUMENT_IMAGE_MAX_BYTES } from '@councilpay/domain';

const DATA_URL = /^data:(image\/png|image\/svg\+xml);base64,([A-Za-z0-9+/]+={0,2})$/;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const SVG_FORBIDDEN = [
  /<script/i,
  /\son[a-z]+\s*=/i,
  /<!ENTITY/i,
  /<foreignObject/i,
  /href\s*=\s*["'](?!#|data:image\/)/i,
];

/** Why a document image cannot be taken (a sentence for the person uploading it), or null when it can. */
export function documentImageProblem(dataUrl: string): string | null {
  const match = DATA_URL.exec(dataUrl);
  if (!match) return 'must be a PNG or SVG image, as a base64 data URL (data:image/png;base64,...)';
  const bytes = Buffer.from(match[2], 'base64');
  if (bytes.length === 0) return 'is empty';
  if (bytes.length > DOCUMENT_IMAGE_MAX_BYTES) return 'is larger than 20 KB; please upload a smaller image';
  if (match[1] === 'image/png') {
    return bytes.subarray(0, 8).equals(PNG_SIGNATURE) ? null : 'is not a PNG image';
  }
  const text = bytes.toString('utf8');
  if (!/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(text)) return 'is not an SVG image';
  if (SVG_FORBIDDEN.some((pattern) => pattern.test(text))) {
    return 'may hold only a drawing: no scripts, event handlers or links to other files';
  }
  return null;
}
