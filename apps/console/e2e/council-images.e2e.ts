import { expect, test, type Page, type Request } from '@playwright/test';
import { createHash, randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import type { AdminCouncilDetail, StaffAuditRow } from '@councilpay/domain';
import { signIn, STAFF } from './support';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A solid-colour RGB PNG, made here rather than kept as a binary file. */
function solidPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per sample
  header[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width * 3 }, (_, i) => rgb[i % 3]))]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const SIGNATURE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40">' +
  '<path d="M5 30 C 25 5, 45 35, 65 15 S 100 30, 115 10" fill="none" stroke="#123" stroke-width="2"/></svg>';

const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;
/** How the staff audit records an image: a fingerprint of its data URL, never its bytes. */
const fingerprint = (url: string) => `sha256:${createHash('sha256').update(url).digest('hex').slice(0, 16)}`;

async function councilDetail(page: Page, code: string): Promise<AdminCouncilDetail> {
  const res = await page.request.get(`/api/admin/councils/${code}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as AdminCouncilDetail;
}

const isCouncilPut = (code: string) => (request: Request) =>
  request.method() === 'PUT' && new URL(request.url()).pathname === `/api/admin/councils/${code}`;

/** Saves the edit form and returns the body the console sent. */
async function save(page: Page, code: string): Promise<Record<string, unknown>> {
  const [request] = await Promise.all([
    page.waitForRequest(isCouncilPut(code)),
    page.getByRole('button', { name: 'Save' }).click(),
  ]);
  expect((await request.response())?.status()).toBe(200);
  return request.postDataJSON() as Record<string, unknown>;
}

test.describe('a council’s document images in the console', () => {
  test('an admin uploads a PNG logo and an SVG signature, sees them, then removes the signature', async ({ page }) => {
    const code = 'mdtbn';
    const logo = solidPng(24, 16, [0x1f, 0x6f, 0xb2]);
    const logoUrl = dataUrl('image/png', logo);
    const signatureUrl = dataUrl('image/svg+xml', Buffer.from(SIGNATURE_SVG));
    await signIn(page, STAFF.admin);

    await page.goto(`/console/#/councils/${code}`);
    const logoInput = page.locator('.ra-input-logoImage');
    const signatureInput = page.locator('.ra-input-signatureImage');
    // The stored images (the seed's placeholders, stored as PNGs) are previewed.
    await expect(logoInput.locator('img')).toHaveAttribute('src', /^data:image\/png;base64,/);
    await expect(logoInput).toContainText('A PNG or SVG image of at most 20 KB.');

    await logoInput
      .locator('input[type="file"]')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
    await signatureInput
      .locator('input[type="file"]')
      .setInputFiles({ name: 'signature.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(SIGNATURE_SVG) });
    // The chosen files are previewed before saving.
    await expect(logoInput.locator('img')).toHaveAttribute('src', /^blob:/);
    await expect(signatureInput.locator('img')).toHaveAttribute('src', /^blob:/);

    const sent = await save(page, code);
    expect(sent).toMatchObject({ logoImage: logoUrl, signatureImage: signatureUrl });

    // Stored as the PNGs documents print (the PNG redrawn at its size, the SVG drawn at 512 px wide); the
    // audit holds their fingerprints only.
    const stored = await councilDetail(page, code);
    expect(stored.logoImage).toMatch(/^data:image\/png;base64,/);
    expect(stored.signatureImage).toMatch(/^data:image\/png;base64,/);
    const audit = (await (await page.request.get(`/api/admin/audit?targetId=${code}`)).json()) as StaffAuditRow[];
    expect(audit[0]).toMatchObject({
      action: 'council_update',
      after: { logoImage: fingerprint(stored.logoImage!), signatureImage: fingerprint(stored.signatureImage!) },
    });

    // The show page draws both.
    await expect(page).toHaveURL(new RegExp(`#/councils/${code}/show$`));
    const shownLogo = page.locator('.ra-field-logoImage img');
    await expect(shownLogo).toHaveAttribute('src', stored.logoImage!);
    await expect.poll(() => shownLogo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(24);
    const shownSignature = page.locator('.ra-field-signatureImage img');
    await expect(shownSignature).toHaveAttribute('src', stored.signatureImage!);
    await expect.poll(() => shownSignature.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(512);

    // Remove the signature: only it is sent (as null), the unchanged logo is not sent again.
    await page.getByRole('link', { name: 'Edit' }).click();
    await expect(signatureInput.locator('img')).toHaveAttribute('src', stored.signatureImage!);
    await signatureInput.getByRole('button', { name: 'Delete' }).click();
    await expect(signatureInput.locator('img')).toHaveCount(0);
    const removal = await save(page, code);
    expect(removal).toMatchObject({ signatureImage: null });
    expect(removal).not.toHaveProperty('logoImage');

    await expect(page.locator('.ra-field-signatureImage')).toContainText('None');
    await expect(page.locator('.ra-field-logoImage img')).toHaveAttribute('src', stored.logoImage!);
    expect(await councilDetail(page, code)).toMatchObject({ logoImage: stored.logoImage, signatureImage: null });
  });

  test('a file of another type or too large is named, and nothing is sent', async ({ page }) => {
    const code = 'mdkp';
    await signIn(page, STAFF.admin);
    const before = await councilDetail(page, code);
    const writes: string[] = [];
    page.on('request', (request) => {
      if (isCouncilPut(code)(request)) writes.push(request.url());
    });

    await page.goto(`/console/#/councils/${code}`);
    const logoInput = page.locator('.ra-input-logoImage');
    const signatureInput = page.locator('.ra-input-signatureImage');
    await expect(logoInput.locator('img')).toHaveAttribute('src', /^data:image\/png;base64,/);

    await logoInput
      .locator('input[type="file"]')
      .setInputFiles({ name: 'logo.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a\x01\x00\x01\x00') });
    await expect(logoInput).toContainText('This file is not a PNG or SVG image. Please choose a PNG or SVG file.');

    // A PNG with 21 KB more after it: larger than the API takes.
    const large = Buffer.concat([solidPng(8, 8, [0, 0, 0]), randomBytes(21 * 1024)]);
    await signatureInput
      .locator('input[type="file"]')
      .setInputFiles({ name: 'signature.png', mimeType: 'image/png', buffer: large });
    await expect(signatureInput).toContainText(
      `This image is ${Math.ceil(large.length / 1024)} KB; at most 20 KB is allowed. Please choose a smaller image.`,
    );

    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The form is not valid. Please check for errors')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`#/councils/${code}$`));
    await expect(logoInput).toContainText('This file is not a PNG or SVG image.');
    expect(writes).toEqual([]);
    expect(await councilDetail(page, code)).toEqual(before);
  });

  test('a PNG claiming too many pixels is stopped before it is sent; an SVG only the API can refuse is named in words', async ({
    page,
  }) => {
    const code = 'mdkp';
    await signIn(page, STAFF.admin);
    const before = await councilDetail(page, code);
    await page.goto(`/console/#/councils/${code}`);
    const logoInput = page.locator('.ra-input-logoImage');
    await expect(logoInput.locator('img')).toHaveAttribute('src', /^data:image\/png;base64,/);

    // 68 bytes whose header claims 100000 x 100000 pixels.
    const header = Buffer.alloc(13);
    header.writeUInt32BE(100_000, 0);
    header.writeUInt32BE(100_000, 4);
    header[8] = 8;
    header[9] = 6;
    const bomb = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk('IHDR', header),
      pngChunk('IDAT', deflateSync(Buffer.from([0, 0, 0]))),
      pngChunk('IEND', Buffer.alloc(0)),
    ]);
    await logoInput
      .locator('input[type="file"]')
      .setInputFiles({ name: 'bomb.png', mimeType: 'image/png', buffer: bomb });
    await expect(logoInput).toContainText('This image is 100000 x 100000 pixels; at most 4,000,000 pixels');

    // An SVG with a script passes the console's own checks; the API refuses it and says why.
    const scripted = '<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><script>alert(1)</script></svg>';
    await page.goto(`/console/#/councils/${code}`);
    await logoInput
      .locator('input[type="file"]')
      .setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(scripted) });
    const [request] = await Promise.all([
      page.waitForRequest(isCouncilPut(code)),
      page.getByRole('button', { name: 'Save' }).click(),
    ]);
    expect((await request.response())?.status()).toBe(400);
    // Said under the input and as the notification.
    const refusal = 'The image was refused: the SVG holds more than a drawing';
    await expect(logoInput).toContainText(refusal);
    await expect(page.getByRole('alert')).toContainText(refusal);
    expect(await councilDetail(page, code)).toEqual(before);
  });
});
