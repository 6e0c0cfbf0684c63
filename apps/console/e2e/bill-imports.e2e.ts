import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { billTemplateHeader } from '@councilpay/domain';
import { addToCart, checkout, inEnglish, search } from '../../portal/e2e/support';
import { signIn, STAFF } from './support';

const HEADER = billTemplateHeader('market_bill').join(',');

/** Opens the bill imports screen for mdpg's market bills and uploads `content` as `name`. */
async function uploadBillFile(page: Page, name: string, content: string): Promise<void> {
  await page.goto('/console/#/bill-imports?council=mdpg&type=market_bill');
  await page
    .getByTestId('bill-import-file')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content) });
  await expect(page.getByTestId('bill-import-chosen')).toContainText(name);
}

test.describe('council bill files in the console', () => {
  test('a council admin imports a new bill, and a payer finds it, pays it by FPX and gets a receipt', async ({
    page,
    request,
  }) => {
    const accountNo = `MB-E2E-${randomUUID().slice(0, 8).toUpperCase()}`;
    const fileName = `pasar-${accountNo}.csv`;
    await signIn(page, STAFF.mdpgAdmin);
    await uploadBillFile(
      page,
      fileName,
      `${HEADER}\r\nmdpg,${accountNo},PENIAGA IMPORT,,,45.60,Pasar Tamu,12,11/2026\r\n`,
    );
    await page.getByRole('button', { name: 'Upload and preview' }).click();

    // The preview: one new bill, nothing written yet.
    const preview = page.getByTestId('bill-import-preview');
    await expect(preview).toHaveAttribute('data-status', 'previewed');
    await expect(preview.getByTestId('bill-import-counts').locator('[data-outcome="new"]')).toHaveAttribute(
      'data-count',
      '1',
    );
    await expect(preview.getByTestId('bill-import-counts').locator('[data-outcome="invalid"]')).toHaveAttribute(
      'data-count',
      '0',
    );
    const row = preview.getByTestId('bill-import-rows-new').locator(`[data-account="${accountNo}"]`);
    await expect(row).toContainText('PENIAGA IMPORT');
    await expect(row).toContainText('RM 45.60');
    const unfound = await request.post('/api/search', { data: { council: 'mdpg', type: 'market_bill', accountNo } });
    expect(unfound.status()).toBe(404);

    await preview.getByTestId('bill-import-confirm').click();
    await page.getByTestId('bill-import-confirm-yes').click();
    await expect(preview).toHaveAttribute('data-status', 'confirmed');
    await expect(page.getByTestId('bill-import-confirmed')).toBeVisible();
    // The past imports: this file, by this officer, imported, with its counts.
    const history = page.getByTestId('bill-import-history');
    await expect(history.locator('tr', { hasText: fileName })).toContainText(STAFF.mdpgAdmin);
    await expect(history.locator('tr', { hasText: fileName })).toContainText('New bills: 1');

    // The payer's side: the portal finds the bill and takes it through the bank to a receipt.
    await inEnglish(page);
    await page.goto('/#/search');
    await search(page, { council: 'mdpg', type: 'market_bill', accountNo });
    await expect(page.getByTestId('search-result')).toContainText('RM 45.60');
    await addToCart(page, { council: 'mdpg', type: 'market_bill', accountNo });
    await checkout(page, { fpx: 'MB2U0227' });
    await expect(page.getByTestId('checkout-total')).toHaveText('RM 45.60');
    await page.getByTestId('pay-now').click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/bank/i);
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page).toHaveURL(/#\/receipt\?reference=CP/);
    await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'paid');
    await expect(page.getByTestId('receipt-no')).toHaveText(/^MDPG-\d{4}-\d{6}$/);

    // Back in the console, the payment names the import that last changed its bill.
    // Back from the bank at the bill's council's own portal address (`/mdpg#/receipt?reference=…`).
    await expect(page).toHaveURL(/\/mdpg#\/receipt\?reference=CP/);
    const hash = new URL(page.url()).hash;
    const reference = new URLSearchParams(hash.slice(hash.indexOf('?') + 1)).get('reference');
    await page.goto(`/console/#/payments/${reference}/show`);
    await expect(page.getByTestId('payment-bill-imports')).toContainText(`${accountNo}: ${fileName}`);
  });

  test('a file with errors shows each in Malay on a phone, and offers no confirm', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, STAFF.mdpgAdmin);
    await page.evaluate(() => window.localStorage.setItem('RaStore.locale', '"ms"'));
    await page.goto('/console/#/bill-imports?council=mdpg&type=market_bill');
    // The console reads its language when it starts.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Import terdahulu' })).toBeVisible();
    const accountNo = `MB-E2E-${randomUUID().slice(0, 8).toUpperCase()}`;
    await uploadBillFile(
      page,
      'pasar-salah.csv',
      `${HEADER}\r\nmdpg,${accountNo},PENIAGA SATU,,,12.345,Pasar Tamu,1,11/2026\r\nmdpg,${accountNo}-2,PENIAGA DUA,,,"1,234.50",Pasar Tamu,2,11/2026\r\n`,
    );
    await page.getByRole('button', { name: 'Muat naik dan pratonton' }).click();

    const preview = page.getByTestId('bill-import-preview');
    await expect(preview.getByTestId('bill-import-blocked')).toContainText('Fail ini tidak boleh diimport');
    const errors = preview.getByTestId('bill-import-rows-invalid');
    await expect(errors.locator('[data-line="2"]')).toContainText('12.345');
    await expect(errors.locator('[data-line="2"]')).toContainText(
      'lebih daripada 2 titik perpuluhan: sen adalah bulat, tiada pembundaran',
    );
    await expect(errors.locator('[data-line="3"]')).toContainText('tulis amaun tanpa pemisah ribuan');
    await expect(preview.getByTestId('bill-import-confirm')).toHaveCount(0);
    await expect(preview.getByRole('link', { name: 'Muat turun laporan ralat' })).toHaveAttribute(
      'href',
      /errors\.csv\?lang=ms$/,
    );
    // On a phone the page does not scroll sideways: wide tables scroll inside their card.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
