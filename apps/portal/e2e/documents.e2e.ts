import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { PDFParse } from 'pdf-parse';
import { addToCart, checkout, inEnglish, referenceOf } from './support';

async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

test.describe('documents a payer keeps and an officer checks', () => {
  test.beforeEach(async ({ page }) => {
    await inEnglish(page);
  });

  test('download the receipt PDF from the receipt page, then check its code on /#/verify', async ({ page }) => {
    await addToCart(page, { council: 'mdpg', type: 'compound', accountNo: 'KMP-2026-000106' });
    await checkout(page, { fpx: 'MB2U0227' });
    await page.getByTestId('pay-now').click();
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page).toHaveURL(/#\/receipt\?reference=CP/);
    await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'paid');
    const reference = referenceOf(page);
    const receiptNo = (await page.getByTestId('receipt-no').first().textContent())?.trim() ?? '';
    expect(receiptNo).toMatch(/^MDPG-/);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download receipt (PDF)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`receipt-${reference}.pdf`);
    const pdf = readFileSync(await download.path());
    const text = (await pdfText(pdf)).replace(/\s+/g, '');
    for (const expected of ['Official receipt', reference, receiptNo, 'Aminah binti Sapin'])
      expect(text).toContain(expected.replace(/\s+/g, ''));

    // What a phone's camera reads from the QR code is the address also linked under it.
    const link = /\/URI \(([^)]+)\)/.exec(pdf.toString('latin1'))?.[1] ?? '';
    expect(link).toContain('/#/verify?t=');
    const scanned = link.slice(link.indexOf('/#/'));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(scanned);
    const verdict = page.getByTestId('verify-verdict');
    await expect(verdict).toHaveAttribute('data-verdict', 'authentic');
    await expect(page.getByTestId('page-verify')).toContainText(reference);
    await expect(page.getByTestId('page-verify')).toContainText(receiptNo);

    // One character changed in the code: refused as altered.
    const token = new URL(scanned.replace('/#/', '/'), 'http://x').searchParams.get('t') ?? '';
    const at = token.indexOf('.') - 3;
    const altered = token.slice(0, at) + (token[at] === 'A' ? 'B' : 'A') + token.slice(at + 1);
    await page.goto(`/#/verify?t=${altered}`);
    await expect(verdict).toHaveAttribute('data-verdict', 'altered');
  });
});
