import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { readCsv } from '../../../tools/csv';
import { paidPayment, signIn, STAFF } from './support';

/** Today in Malaysia (UTC+8) as YYYY-MM-DD. */
const malaysiaToday = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

/** Sen as the console shows it: RM 1,234.50. */
function ringgit(sen: number): string {
  const whole = Math.floor(sen / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `RM ${whole}.${String(sen % 100).padStart(2, '0')}`;
}

/** Clicks the list's "Download CSV" and reads the file as the browser saved it. */
async function downloadCsv(page: Page): Promise<{ bom: boolean; header: string[]; rows: string[][] }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
  expect(download.suggestedFilename()).toMatch(/^councilpay-payments-\d{4}-\d{2}-\d{2}\.csv$/);
  const body = readFileSync((await download.path()) as string, 'utf8');
  const [header, ...rows] = await readCsv(body);
  return { bom: body.charCodeAt(0) === 0xfeff, header, rows };
}

async function refundsMadeToday(page: Page, council: string): Promise<number> {
  const day = malaysiaToday();
  const res = await page.request.get(`/api/admin/reconciliation?from=${day}&to=${day}&council=${council}&method=fpx`);
  expect(res.status()).toBe(200);
  const report = (await res.json()) as { rows: { refundsMadeSen: number }[] };
  return report.rows.reduce((sum, r) => sum + r.refundsMadeSen, 0);
}

test.describe('the staff console’s money screens', () => {
  test('a refund recorded in the console appears on the payment, in reconciliation and in the CSV', async ({
    page,
  }) => {
    // A payment, a refund, reconciliation and a download: more screens than one test's minute on a loaded machine.
    test.setTimeout(180_000);
    const council = 'mdpg';
    const payment = await paidPayment(page.request, council);
    await signIn(page, STAFF.mdpgAdmin);
    const refundsBefore = await refundsMadeToday(page, council);

    await page.goto(`/console/#/payments/${payment.reference}/show`);
    await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'paid');
    // Every answer the gateway gave: the direct AC that made it paid, with its raw message.
    const answers = page.getByTestId('gateway-answer');
    await expect(answers.first()).toHaveAttribute('data-verdict', 'applied');
    await expect(answers.first()).toContainText('Approved');
    await expect(page.getByTestId('payment-refunds')).toContainText('No refund recorded.');

    await page.getByRole('button', { name: 'Record refund' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Left to refund: RM 42.00');
    // Checked before anything is sent: the amount as RM with 2 decimals, within what is left, and a reason.
    await dialog.getByLabel(/^Amount \(RM\)/).fill('12.345');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog).toContainText('Enter an amount in RM with at most 2 decimals, e.g. 12.50.');
    await expect(dialog).toContainText('Say why the money was given back.');
    await dialog.getByLabel(/^Amount \(RM\)/).fill('42.01');
    await expect(dialog).toContainText('More than is left to refund (RM 42.00).');
    await dialog.getByLabel(/^Amount \(RM\)/).fill('10.50');
    await dialog.getByLabel(/^Reason/).fill('Dibayar dua kali; dipulangkan melalui pindahan bank');
    await dialog.getByLabel(/^Bank transfer reference/).fill('IBG-E2E-1');
    await expect(dialog.getByLabel(/^Bank transfer reference/)).toHaveValue('IBG-E2E-1');
    await dialog.getByLabel(/^Refund date/).fill(malaysiaToday());
    await dialog.getByRole('button', { name: 'Continue' }).click();
    // The confirmation step says what will happen, then records it.
    const confirmation = page.getByRole('dialog', { name: 'Confirm the refund' });
    await expect(confirmation.getByTestId('refund-confirm-total')).toHaveText('RM 10.50');
    await confirmation.getByRole('button', { name: 'Confirm refund' }).click();
    await expect(page.getByText('Refund of RM 10.50 recorded.')).toBeVisible();
    await expect(dialog).toHaveCount(0);

    // On the payment: the refund, and the staff action in its audit.
    const refund = page.getByTestId('refund');
    await expect(refund).toHaveCount(1);
    await expect(refund).toContainText('RM 10.50');
    await expect(refund).toContainText('IBG-E2E-1');
    await expect(refund).toContainText(STAFF.mdpgAdmin);
    await expect(page.getByTestId('payment-audit')).toContainText('Refund recorded');

    // In reconciliation: today's refunds made for the council and FPX went up by RM 10.50.
    const day = malaysiaToday();
    await page.goto(`/console/#/reconciliation?from=${day}&to=${day}&council=${council}&method=fpx`);
    const row = page.locator(`[data-testid="reconciliation-row"][data-council="${council}"][data-method="fpx"]`);
    // Shown as "refunds · amount".
    await expect(row.locator('[data-figure="refunds_made"]')).toHaveText(
      new RegExp(`^\\d+ · ${ringgit(refundsBefore + 1_050).replace(/[.]/g, '\\.')}$`),
    );
    // The day's "paid" figure drills down to the payments paid that day, this one among them.
    await row.getByTestId('reconciliation-drill-paid').click();
    await expect(page).toHaveURL(/paidFrom/);
    await expect(page.locator('tbody tr').filter({ hasText: payment.reference })).toHaveCount(1);

    // In the CSV of the list filtered to it: the refunded column.
    await page.goto(
      `/console/#/payments?filter=${encodeURIComponent(JSON.stringify({ reference: payment.reference }))}`,
    );
    await expect(page.locator('tbody tr')).toHaveCount(1);
    const csv = await downloadCsv(page);
    expect(csv.bom).toBe(true);
    const refundedColumn = csv.header.indexOf('Refunded (RM)');
    expect(refundedColumn).toBeGreaterThan(0);
    expect(csv.rows).toHaveLength(1);
    expect(csv.rows[0][0]).toBe(payment.reference);
    expect(csv.rows[0][refundedColumn]).toBe('10.50');
  });

  test('the CSV of a filtered list has exactly the rows and the total the list shows', async ({ page }) => {
    const email = `csv.${randomUUID().slice(0, 8)}@example.my`;
    const made = [];
    for (const council of ['mdpg', 'mps', 'mdpg']) made.push(await paidPayment(page.request, council, email));
    await signIn(page, STAFF.admin);
    await page.goto(
      `/console/#/payments?filter=${encodeURIComponent(JSON.stringify({ payerEmail: email, status: ['paid'] }))}`,
    );
    const rows = page.locator('tbody tr');
    await expect(rows).toHaveCount(made.length);
    const listed = await rows.locator('td.column-reference').allInnerTexts();
    const amounts = await rows.locator('td.column-amountSen').allInnerTexts();
    const listTotal = amounts.reduce((sum, text) => sum + Math.round(Number(text.replace(/[^\d.]/g, '')) * 100), 0);

    const csv = await downloadCsv(page);
    expect(csv.bom).toBe(true);
    const amountColumn = csv.header.indexOf('Amount (RM)');
    const madeColumn = csv.header.indexOf('Made at');
    expect(csv.rows.map((r) => r[0])).toEqual(listed.map((t) => t.trim()));
    expect(csv.rows.map((r) => r[0]).sort()).toEqual(made.map((p) => p.reference).sort());
    const csvTotal = csv.rows.reduce((sum, r) => sum + Math.round(Number(r[amountColumn]) * 100), 0);
    expect(csvTotal).toBe(listTotal);
    expect(csvTotal).toBe(3 * 4_200);
    for (const r of csv.rows) {
      expect(r[amountColumn]).toMatch(/^\d+\.\d{2}$/);
      expect(r[madeColumn]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    }
  });
});
