import { DOCUMENT_IMAGE_MAX_BYTES, DOCUMENT_IMAGE_MAX_PIXELS, type DocumentImageType } from '@councilpay/domain';

/**
 * A council's document images (the logo on receipts and licences, the officer's signature on licences) as the
 * console handles them. The API takes a base64 data URL of a PNG or an SVG of at most DOCUMENT_IMAGE_MAX_BYTES
 * (a PNG of at most DOCUMENT_IMAGE_MAX_PIXELS); a file that could not be taken is stopped here, with a
 * translated message, before anything is sent. What only the API can tell (a PNG that does not decode, an SVG
 * that is more than a drawing or too complex) comes back as its `image_invalid` with the reason, which the
 * console translates (httpClient).
 */

/** What the file picker offers: PNG and SVG files. */
export const DOCUMENT_IMAGE_ACCEPT = 'image/png,image/svg+xml,.png,.svg';

/** How a document image is shown: at its own size up to a thumbnail's, never stretched. */
export const DOCUMENT_IMAGE_PREVIEW = { '& img': { maxWidth: 240, maxHeight: 96, objectFit: 'contain', margin: 0 } };

/** A file chosen in react-admin's ImageInput: the file itself, a preview URL and its name. */
export interface ChosenImage {
  rawFile: File;
  src: string;
  title: string;
}

export function isChosenImage(value: unknown): value is ChosenImage {
  return typeof value === 'object' && value !== null && (value as Partial<ChosenImage>).rawFile instanceof File;
}

/** Why a file cannot be a document image: a console message key and its values. */
export interface DocumentImageProblem {
  message:
    | 'console.document_image.wrong_type'
    | 'console.document_image.too_large'
    | 'console.document_image.empty'
    | 'console.document_image.too_many_pixels';
  args: { max: number | string; size: number; width?: number; height?: number };
}

export type DocumentImageReading = { dataUrl: string } | { problem: DocumentImageProblem };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** An SVG starts with its <svg> element, after an optional XML declaration and comments. */
const SVG_START = /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i;

/** The type a file says it is, by its media type or, when the browser gives none, by its name. */
function declaredType(file: File): DocumentImageType | null {
  const type = file.type.toLowerCase();
  if (type === 'image/png' || type === 'image/svg+xml') return type;
  if (type !== '') return null;
  if (/\.png$/i.test(file.name)) return 'image/png';
  if (/\.svg$/i.test(file.name)) return 'image/svg+xml';
  return null;
}

/** Whether the bytes are what the type says: a PNG starts with the PNG signature, an SVG with <svg>. */
function contentMatches(type: DocumentImageType, bytes: Uint8Array): boolean {
  if (type === 'image/png') return PNG_SIGNATURE.every((byte, i) => bytes[i] === byte);
  return SVG_START.test(new TextDecoder().decode(bytes.subarray(0, 4096)));
}

/** A PNG's size as its header (IHDR, right after the signature) gives it. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return bytes.length >= 24 ? { width: view.getUint32(16), height: view.getUint32(20) } : { width: 0, height: 0 };
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/**
 * A file as the API takes a document image: a PNG or SVG (by its type, and its content agreeing), not empty,
 * of at most DOCUMENT_IMAGE_MAX_BYTES, read into a base64 data URL; otherwise why not.
 */
export async function readDocumentImage(file: File): Promise<DocumentImageReading> {
  const args = { max: DOCUMENT_IMAGE_MAX_BYTES / 1024, size: Math.ceil(file.size / 1024) };
  const type = declaredType(file);
  if (!type) return { problem: { message: 'console.document_image.wrong_type', args } };
  if (file.size === 0) return { problem: { message: 'console.document_image.empty', args } };
  if (file.size > DOCUMENT_IMAGE_MAX_BYTES) return { problem: { message: 'console.document_image.too_large', args } };
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!contentMatches(type, bytes)) return { problem: { message: 'console.document_image.wrong_type', args } };
  if (type === 'image/png') {
    const { width, height } = pngSize(bytes);
    if (width * height > DOCUMENT_IMAGE_MAX_PIXELS) {
      const max = DOCUMENT_IMAGE_MAX_PIXELS.toLocaleString('en');
      return { problem: { message: 'console.document_image.too_many_pixels', args: { ...args, width, height, max } } };
    }
  }
  return { dataUrl: `data:${type};base64,${toBase64(bytes)}` };
}

/**
 * react-admin validator of a document image input: a newly chosen file must be one the API takes; the image
 * already stored, or none, is always valid.
 */
export async function validateDocumentImage(value: unknown): Promise<DocumentImageProblem | undefined> {
  if (!isChosenImage(value)) return undefined;
  const reading = await readDocumentImage(value.rawFile);
  return 'problem' in reading ? reading.problem : undefined;
}

/**
 * What a council update sends for one image: the data URL of a newly chosen file, null when the stored image
 * was removed, nothing (undefined) when it is unchanged, so an image is never sent again as it is.
 */
export async function documentImageChange(value: unknown, previous: unknown): Promise<string | null | undefined> {
  if (isChosenImage(value)) {
    const reading = await readDocumentImage(value.rawFile);
    if ('problem' in reading) throw new Error(reading.problem.message);
    return reading.dataUrl;
  }
  if ((value === null || value === '') && typeof previous === 'string' && previous !== '') return null;
  return undefined;
}
