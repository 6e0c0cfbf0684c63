/**
 * Images a council prints on its documents (the logo on receipts and licences, the officer's signature on
 * licences). Staff upload a base64 data URL of a PNG or an SVG of at most 20 KB; what is stored, and what a
 * document prints, is a PNG redrawn here from it, at most DOCUMENT_IMAGE_STORED_PX on its longest side:
 *
 * - a PNG is decoded before it is taken: its header's size must be within DOCUMENT_IMAGE_MAX_PIXELS (read before
 *   a single pixel is), and every pixel must then decode;
 * - an SVG is reduced by DOMPurify (its SVG profile, no filters) to a plain drawing: nothing active (scripts,
 *   event handlers, animation, links), nothing from elsewhere (every reference points inside the drawing),
 *   no style sheets, no embedded images or documents. An SVG that loses anything to it is refused, naming
 *   what, so what staff see is what prints. Its elements are counted, with each `<use>` counted as what it
 *   repeats and its nesting bounded, before anything draws it; then sharp (libvips, librsvg) draws it.
 *
 * The same check runs again on a stored image when a document is made (see PrintableImages), so an image stored
 * before these rules is redrawn, or left out, rather than handed to the PDF library as it is.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import createDOMPurify, { type DOMPurify } from 'dompurify';
import { JSDOM } from 'jsdom';
import sharp, { type Sharp } from 'sharp';
import {
  DOCUMENT_IMAGE_MAX_BYTES,
  DOCUMENT_IMAGE_MAX_PIXELS,
  DOCUMENT_IMAGE_STORED_PX,
  DOCUMENT_IMAGE_SVG_MAX_DRAWN,
  DOCUMENT_IMAGE_SVG_MAX_ELEMENTS,
  DOCUMENT_IMAGE_SVG_MAX_USE_DEPTH,
  type DocumentImageRefusal,
} from '@councilpay/domain';
import { DOCUMENT_FONT_FILES } from '@councilpay/documents';

export type DocumentImageCheck =
  | { ok: true; dataUrl: string; width: number; height: number }
  | { ok: false; reason: DocumentImageRefusal; problem: string };

const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+);base64,([A-Za-z0-9+/]*={0,2})$/;
const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';
/** A reference inside the drawing: `#id`. */
const LOCAL_REFERENCE = /^#[A-Za-z_][\w.:-]*$/;
/** Every url(...) in a value must be `url(#id)`. */
const URL_FUNCTION = /url\(\s*(['"]?)([^'")]*)\1\s*\)/gi;

/**
 * Elements DOMPurify's SVG profile allows that a printed drawing has no use for: links, animation, text made of
 * other glyphs, embedded images, style sheets, views, filters (their primitives are not allowed at all).
 */
const NOT_PRINTED = [
  'a',
  'altglyph',
  'altglyphdef',
  'altglyphitem',
  'animatecolor',
  'animatemotion',
  'animatetransform',
  'filter',
  'font',
  'glyph',
  'glyphref',
  'hkern',
  'image',
  'mpath',
  'style',
  'switch',
  'tref',
  'view',
  'vkern',
];

function refused(reason: DocumentImageRefusal, problem: string): DocumentImageCheck {
  return { ok: false, reason, problem };
}

let purifier: { purify: DOMPurify; serializer: XMLSerializer } | null = null;

/**
 * One DOMPurify over a jsdom window per process, with the rule on references as its attribute hook, and the
 * window's XMLSerializer (librsvg reads XML, not the HTML DOMPurify would write).
 */
function svgPurifier(): { purify: DOMPurify; serializer: XMLSerializer } {
  if (purifier) return purifier;
  const window = new JSDOM('').window;
  const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    const name = data.attrName.toLowerCase();
    const value = data.attrValue;
    if ((name === 'href' || name === 'xlink:href') && !LOCAL_REFERENCE.test(value.trim())) data.keepAttr = false;
    for (const match of value.matchAll(URL_FUNCTION)) {
      if (!LOCAL_REFERENCE.test(match[2].trim())) data.keepAttr = false;
    }
    // CSS escapes or at-rules could spell what the check above looks for in another way.
    if (name === 'style' && /[\\@]|expression\s*\(/i.test(value)) data.keepAttr = false;
  });
  purifier = { purify, serializer: new window.XMLSerializer() };
  return purifier;
}

/** What DOMPurify took out, as a person reads it: `<script>` or `the attribute onload of <svg>`. */
function describeRemoved(removed: DOMPurify['removed'][number]): string {
  if ('element' in removed && removed.element) {
    const node = removed.element as { nodeName?: string; nodeType?: number };
    return node.nodeType === 1 ? `<${String(node.nodeName).toLowerCase()}>` : 'text outside the drawing';
  }
  const { attribute, from } = removed as { attribute: { name: string } | null; from: { nodeName: string } };
  return `the attribute ${attribute?.name ?? '?'} of <${from.nodeName.toLowerCase()}>`;
}

interface ParsedSvg {
  svg: Element;
  markup: string;
}

/** The drawing as DOMPurify leaves it, or why it cannot be taken. */
function plainSvg(text: string): ParsedSvg | DocumentImageCheck {
  const { purify, serializer } = svgPurifier();
  const fragment = purify.sanitize(text, {
    USE_PROFILES: { svg: true },
    ADD_TAGS: ['use'],
    FORBID_TAGS: NOT_PRINTED,
    RETURN_DOM_FRAGMENT: true,
  });
  // Not part of the drawing: an XML declaration, a doctype or comments around it, and the <body> DOMPurify
  // parses every input into (it reports that wrapper as removed).
  const removed = purify.removed.filter((r) => {
    const node = ('element' in r ? r.element : null) as { nodeType?: number; nodeName?: string } | null;
    return !(node && (node.nodeType !== 1 || node.nodeName === 'BODY'));
  });
  const elements = Array.from(fragment.childNodes).filter((node) => node.nodeType === 1) as Element[];
  const strayText = Array.from(fragment.childNodes).some(
    (node) => node.nodeType === 3 && (node.textContent ?? '').trim() !== '',
  );
  const svg = elements[0];
  if (elements.length !== 1 || strayText || svg.localName !== 'svg' || svg.namespaceURI !== SVG_NAMESPACE) {
    if (removed.length > 0 && /<svg[\s>]/i.test(text)) {
      return refused('svg_not_plain', `may hold only a drawing: ${describeRemoved(removed[0])} is not allowed`);
    }
    return refused('not_png_or_svg', 'is not an SVG image');
  }
  if (removed.length > 0) {
    return refused(
      'svg_not_plain',
      `may hold only a drawing: ${describeRemoved(removed[0])} is not allowed (save it as a plain SVG)`,
    );
  }
  return { svg, markup: serializer.serializeToString(svg) };
}

/**
 * Elements in the drawing, and elements drawn once each `<use>` counts as the element it repeats (whose own
 * `<use>`s count likewise), and how deep such repeats go. A repeat of itself is refused.
 */
function svgComplexity(svg: Element): { elements: number; drawn: number; useDepth: number } | null {
  const all = [svg, ...Array.from(svg.querySelectorAll('*'))];
  const byId = new Map<string, Element>();
  for (const element of all) if (element.id) byId.set(element.id, element);
  const memo = new Map<Element, { drawn: number; depth: number }>();
  const visiting = new Set<Element>();
  const measure = (element: Element): { drawn: number; depth: number } | null => {
    const known = memo.get(element);
    if (known) return known;
    if (visiting.has(element)) return null;
    visiting.add(element);
    let drawn = 1;
    let depth = 0;
    if (element.localName === 'use') {
      const href = element.getAttribute('href') ?? element.getAttribute('xlink:href') ?? '';
      const target = byId.get(href.trim().slice(1));
      if (target) {
        const inner = measure(target);
        if (!inner) return null;
        drawn += inner.drawn;
        depth = inner.depth + 1;
      }
    }
    for (const child of Array.from(element.children)) {
      const inner = measure(child);
      if (!inner) return null;
      drawn += inner.drawn;
      depth = Math.max(depth, inner.depth);
      // Far past any limit already: stop adding (the numbers only need to say "too many").
      if (drawn > DOCUMENT_IMAGE_SVG_MAX_DRAWN * 1_000) break;
    }
    visiting.delete(element);
    const result = { drawn, depth };
    memo.set(element, result);
    return result;
  };
  const root = measure(svg);
  return root ? { elements: all.length, drawn: root.drawn, useDepth: root.depth } : null;
}

let fontsReady = false;

/**
 * Text in an SVG is drawn by librsvg through fontconfig. A configuration of our own gives it the documents'
 * font (Noto Sans SC: Malay, English, Chinese) and only that, so text draws the same on every machine, a
 * server image without any font included. Set once, before the first drawing.
 */
function useDocumentFont(): void {
  if (fontsReady) return;
  const dir = mkdtempSync(join(tmpdir(), 'councilpay-fonts-'));
  const fontDirs = [...new Set(Object.values(DOCUMENT_FONT_FILES).map((file) => dirname(require.resolve(file))))];
  const config = [
    '<?xml version="1.0"?>',
    '<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">',
    '<fontconfig>',
    ...fontDirs.map((fontDir) => `  <dir>${fontDir}</dir>`),
    `  <cachedir>${join(dir, 'cache')}</cachedir>`,
    '</fontconfig>',
  ].join('\n');
  writeFileSync(join(dir, 'fonts.conf'), config);
  // fontconfig (inside libvips) reads its configuration from the environment when it first draws text.
  process.env.FONTCONFIG_FILE = join(dir, 'fonts.conf');
  fontsReady = true;
}

/** The PNG stored for documents: at most DOCUMENT_IMAGE_STORED_PX on its longest side, transparency kept. */
async function storedPng(image: Sharp): Promise<DocumentImageCheck> {
  const { data, info } = await image
    .resize(DOCUMENT_IMAGE_STORED_PX, DOCUMENT_IMAGE_STORED_PX, { fit: 'inside', withoutEnlargement: true })
    .png({ compressionLevel: 9, adaptiveFiltering: true })
    .toBuffer({ resolveWithObject: true });
  return {
    ok: true,
    dataUrl: `data:image/png;base64,${data.toString('base64')}`,
    width: info.width,
    height: info.height,
  };
}

function tooManyPixels(width: number, height: number): DocumentImageCheck {
  return refused(
    'too_many_pixels',
    `is ${width} x ${height} pixels; at most ${DOCUMENT_IMAGE_MAX_PIXELS.toLocaleString('en')} pixels (2000 x 2000) are allowed`,
  );
}

async function pngImage(bytes: Buffer): Promise<DocumentImageCheck> {
  let width: number | undefined;
  let height: number | undefined;
  try {
    // The header only: no pixel is decoded before the size is known to be within the budget.
    const header = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (header.format !== 'png') return refused('not_png_or_svg', 'is not a PNG image');
    ({ width, height } = header);
  } catch {
    return refused('unreadable', 'could not be read as a PNG image');
  }
  if (!width || !height) return refused('unreadable', 'could not be read as a PNG image');
  if (width * height > DOCUMENT_IMAGE_MAX_PIXELS) return tooManyPixels(width, height);
  try {
    // Every pixel decoded (a truncated or corrupt image fails here), within the same budget.
    return await storedPng(sharp(bytes, { limitInputPixels: DOCUMENT_IMAGE_MAX_PIXELS, failOn: 'error' }));
  } catch {
    return refused('unreadable', 'could not be read as a PNG image (it may be damaged)');
  }
}

async function svgImage(bytes: Buffer): Promise<DocumentImageCheck> {
  const parsed = plainSvg(bytes.toString('utf8'));
  if (!('markup' in parsed)) return parsed;
  const complexity = svgComplexity(parsed.svg);
  if (!complexity) return refused('svg_too_complex', 'repeats itself with <use>');
  if (complexity.elements > DOCUMENT_IMAGE_SVG_MAX_ELEMENTS)
    return refused(
      'svg_too_complex',
      `has ${complexity.elements} elements; at most ${DOCUMENT_IMAGE_SVG_MAX_ELEMENTS} are allowed`,
    );
  if (complexity.useDepth > DOCUMENT_IMAGE_SVG_MAX_USE_DEPTH)
    return refused(
      'svg_too_complex',
      `nests <use> ${complexity.useDepth} deep; at most ${DOCUMENT_IMAGE_SVG_MAX_USE_DEPTH} levels are allowed`,
    );
  if (complexity.drawn > DOCUMENT_IMAGE_SVG_MAX_DRAWN)
    return refused(
      'svg_too_complex',
      `draws more than ${DOCUMENT_IMAGE_SVG_MAX_DRAWN} elements once <use> is counted; please simplify it`,
    );
  useDocumentFont();
  const markup = Buffer.from(parsed.markup, 'utf8');
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await sharp(markup).metadata());
  } catch {
    return refused('unreadable', 'could not be drawn as an SVG image');
  }
  if (!width || !height) return refused('unreadable', 'could not be drawn as an SVG image (it has no size)');
  // Drawn straight at the stored size (72 dpi is its own size): never larger than the pixel budget.
  const density = Math.min(100_000, Math.max(1, (72 * DOCUMENT_IMAGE_STORED_PX) / Math.max(width, height)));
  const drawnWidth = Math.ceil((width * density) / 72);
  const drawnHeight = Math.ceil((height * density) / 72);
  if (drawnWidth * drawnHeight > DOCUMENT_IMAGE_MAX_PIXELS) return tooManyPixels(drawnWidth, drawnHeight);
  try {
    return await storedPng(sharp(markup, { density, limitInputPixels: DOCUMENT_IMAGE_MAX_PIXELS, failOn: 'error' }));
  } catch {
    return refused('unreadable', 'could not be drawn as an SVG image');
  }
}

/**
 * A document image checked and redrawn as the PNG documents print, or why it cannot be taken (a sentence for
 * the person uploading it, after the field's name). `maxBytes` is the upload limit; a stored image, already a
 * redrawn PNG, is checked again with a larger one.
 */
export async function normaliseDocumentImage(
  dataUrl: string,
  maxBytes: number = DOCUMENT_IMAGE_MAX_BYTES,
): Promise<DocumentImageCheck> {
  // Longer than any image of maxBytes can be: refused before the text is even matched.
  if (dataUrl.length > Math.ceil(maxBytes / 3) * 4 + 100) {
    return refused('too_large', `is larger than ${Math.round(maxBytes / 1024)} KB; please upload a smaller image`);
  }
  const match = DATA_URL.exec(dataUrl);
  if (!match || (match[1] !== 'image/png' && match[1] !== 'image/svg+xml'))
    return refused('not_png_or_svg', 'must be a PNG or SVG image, as a base64 data URL (data:image/png;base64,...)');
  const bytes = Buffer.from(match[2], 'base64');
  if (bytes.length === 0) return refused('empty', 'is empty');
  if (bytes.length > maxBytes)
    return refused('too_large', `is larger than ${Math.round(maxBytes / 1024)} KB; please upload a smaller image`);
  return match[1] === 'image/png' ? pngImage(bytes) : svgImage(bytes);
}
