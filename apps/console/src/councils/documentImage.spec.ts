import { DOCUMENT_IMAGE_MAX_BYTES } from '@councilpay/domain';
import { describe, expect, it } from 'vitest';
import { documentImageChange, readDocumentImage, validateDocumentImage } from './documentImage';

const PNG_SIGNATURE = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';

/** A file starting with the PNG signature, padded to `size` bytes. */
function png(size = 64, name = 'logo.png', type = 'image/png'): File {
  const bytes = new Uint8Array(size);
  bytes.set(PNG_SIGNATURE);
  return new File([bytes], name, { type });
}
const chosen = (file: File) => ({ rawFile: file, src: 'blob:preview', title: file.name });
const base64 = async (file: File) => btoa(String.fromCharCode(...new Uint8Array(await file.arrayBuffer())));

describe('a document image file', () => {
  it('becomes the base64 data URL of a PNG or an SVG', async () => {
    const logo = png();
    expect(await readDocumentImage(logo)).toEqual({ dataUrl: `data:image/png;base64,${await base64(logo)}` });
    const signature = new File([SVG], 'signature.svg', { type: 'image/svg+xml' });
    expect(await readDocumentImage(signature)).toEqual({
      dataUrl: `data:image/svg+xml;base64,${btoa(SVG)}`,
    });
    // An SVG with an XML declaration and a comment first is still an SVG.
    const declared = new File([`<?xml version="1.0"?>\n<!-- made by hand -->\n${SVG}`], 's.svg', {
      type: 'image/svg+xml',
    });
    expect(await readDocumentImage(declared)).toMatchObject({
      dataUrl: expect.stringMatching(/^data:image\/svg\+xml;/),
    });
  });

  it('is known by its name when the browser gives no type', async () => {
    expect(await readDocumentImage(png(64, 'LOGO.PNG', ''))).toMatchObject({
      dataUrl: expect.stringMatching(/^data:image\/png;base64,/),
    });
    expect(await readDocumentImage(new File([SVG], 'sig.svg'))).toMatchObject({
      dataUrl: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
    });
  });

  it('is refused when it is not a PNG or an SVG, by type or by content', async () => {
    const wrongType = { problem: { message: 'console.document_image.wrong_type' } };
    expect(await readDocumentImage(new File(['GIF89a'], 'logo.gif', { type: 'image/gif' }))).toMatchObject(wrongType);
    expect(await readDocumentImage(new File([new Uint8Array([0xff, 0xd8, 0xff])], 'photo.jpg'))).toMatchObject(
      wrongType,
    );
    // Named and typed a PNG, but a JPEG inside; an "SVG" that is a web page.
    expect(
      await readDocumentImage(new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'logo.png', { type: 'image/png' })),
    ).toMatchObject(wrongType);
    expect(
      await readDocumentImage(new File(['<html><svg></svg></html>'], 'sig.svg', { type: 'image/svg+xml' })),
    ).toMatchObject(wrongType);
  });

  it('is refused when empty or larger than the API takes, and says how large it is', async () => {
    expect(await readDocumentImage(new File([], 'logo.png', { type: 'image/png' }))).toMatchObject({
      problem: { message: 'console.document_image.empty' },
    });
    expect(await readDocumentImage(png(DOCUMENT_IMAGE_MAX_BYTES))).toHaveProperty('dataUrl');
    expect(await readDocumentImage(png(DOCUMENT_IMAGE_MAX_BYTES + 1))).toEqual({
      problem: { message: 'console.document_image.too_large', args: { max: 20, size: 21 } },
    });
    expect(await readDocumentImage(png(300 * 1024))).toMatchObject({ problem: { args: { size: 300 } } });
  });

  it('is checked by the form only when newly chosen: the stored image or none is valid', async () => {
    expect(await validateDocumentImage('data:image/png;base64,iVBORw0KGgo=')).toBeUndefined();
    expect(await validateDocumentImage(null)).toBeUndefined();
    expect(await validateDocumentImage(chosen(png()))).toBeUndefined();
    expect(await validateDocumentImage(chosen(png(DOCUMENT_IMAGE_MAX_BYTES + 1)))).toMatchObject({
      message: 'console.document_image.too_large',
    });
    expect(await validateDocumentImage(chosen(new File(['x'], 'a.txt', { type: 'text/plain' })))).toMatchObject({
      message: 'console.document_image.wrong_type',
    });
  });

  it('is sent only when changed: a chosen file as its data URL, a removed image as null, else nothing', async () => {
    const stored = 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=';
    const logo = png();
    expect(await documentImageChange(chosen(logo), stored)).toBe(`data:image/png;base64,${await base64(logo)}`);
    expect(await documentImageChange(stored, stored)).toBeUndefined();
    expect(await documentImageChange(null, stored)).toBeNull();
    expect(await documentImageChange(null, null)).toBeUndefined();
    expect(await documentImageChange(undefined, stored)).toBeUndefined();
    await expect(documentImageChange(chosen(png(DOCUMENT_IMAGE_MAX_BYTES + 1)), stored)).rejects.toThrow(
      'console.document_image.too_large',
    );
  });
});

describe('a PNG whose header claims more pixels than the API takes', () => {
  it('is refused before it is sent, saying its size', async () => {
    const bytes = new Uint8Array(68);
    bytes.set(PNG_SIGNATURE);
    const view = new DataView(bytes.buffer);
    view.setUint32(8, 13);
    bytes.set([0x49, 0x48, 0x44, 0x52], 12);
    view.setUint32(16, 100_000);
    view.setUint32(20, 100_000);
    expect(await readDocumentImage(new File([bytes], 'bomb.png', { type: 'image/png' }))).toMatchObject({
      problem: { message: 'console.document_image.too_many_pixels', args: { width: 100_000, height: 100_000 } },
    });
  });
});
