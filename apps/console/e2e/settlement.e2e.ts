import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { seriousViolations } from '../../../tools/e2e-axe';
import { paidPayment, pendingPaymentTheBankApproved, signIn, STAFF, type CreatedPayment } from './support';

/** A Malaysian day (UTC+8) `days` from today, as DD/MM/YYYY. */
const malaysiaDay = (days = 0) =>
  new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10).split('-').reverse().join('/');
const HEADER = 'date,seller order no,fpx transaction id,amount,status';

/** What the console's API knows of a payment: its amount and the gateway's transaction id. */
async function known(request: APIRequestContext, payment: CreatedPayment) {
  const res = await request.get(`/api/admin/payments/${payment.reference}`);
  expect(res.status()).toBe(200);
  const view = (await res.json()) as { amountSen: number; gatewayTxnId: string | null };
  return { ...payment, amountSen: view.amountSen, txnId: view.gatewayTxnId ?? '' };
}

async function upload(page: Page, name: string, lines: string[]) {
  await page.getByTestId('settlement-file').setInputFiles({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(lines.join('\r\n')),
  });
}

const lineOf = (page: Page, invoiceNo: string) =>
  page.locator(`[data-testid="settlement-line"][data-order-no="${invoiceNo}"]`);

test.describe('settlement files in the console', () => {
  test('a day checked both ways: every kind of mismatch shown, totals side by side, each resolved by a named officer, kept and reopened', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const matched = await paidPayment(page.request);
    const otherAmount = await paidPayment(page.request);
    const otherTxn = await paidPayment(page.request);
    const notApproved = await paidPayment(page.request);
    const missing = await paidPayment(page.request);
    const silent = await pendingPaymentTheBankApproved(page.request);
    await signIn(page, STAFF.admin);
    const [m, a, t, n] = await Promise.all(
      [matched, otherAmount, otherTxn, notApproved].map((p) => known(page.request, p)),
    );
    const rm = (sen: number) => (sen / 100).toFixed(2);
    const today = malaysiaDay();

    await page.getByRole('menuitem', { name: 'Settlement files' }).click();
    await expect(page.getByRole('radio', { name: 'FPX' })).toBeChecked();
    await expect(page.getByText('Columns, in this order, on the first line: date, seller order no')).toBeVisible();

    // A bad file: every bad line named, nothing checked or kept.
    await upload(page, 'bad.csv', [
      HEADER,
      `${today},${m.invoiceNo},${m.txnId},"1,234.50",00`,
      `${malaysiaDay(1)},${a.invoiceNo},${a.txnId},${rm(a.amountSen)},00`,
      `${today},${a.invoiceNo},${a.txnId},${rm(a.amountSen)},00`,
      `${today},${a.invoiceNo},${a.txnId},${rm(a.amountSen)},00`,
    ]);
    const errors = page.getByTestId('settlement-errors');
    await expect(errors).toContainText('Line 2: write the amount without a thousands separator');
    await expect(errors).toContainText('Line 3: the date is after today');
    await expect(errors).toContainText('Line 5: the same order no. and transaction id are already on an earlier line');

    const file = [
      HEADER,
      `${today},${m.invoiceNo},${m.txnId},${rm(m.amountSen)},00`,
      `${today},${a.invoiceNo},${a.txnId},${rm(a.amountSen - 100)},00`,
      `${today},${t.invoiceNo},9${t.txnId.slice(1)},${rm(t.amountSen)},00`,
      `${today},${n.invoiceNo},${n.txnId},${rm(n.amountSen)},51`,
      `${today},${silent.invoiceNo},2611239000001,42.00,00`,
      `${today},99999999999999999998,2611239000002,10.00,00`,
    ];
    await upload(page, 'fpx-settlement.csv', file);
    await expect(lineOf(page, m.invoiceNo)).toHaveAttribute('data-match', 'matched');
    await expect(lineOf(page, a.invoiceNo)).toHaveAttribute('data-match', 'amount_differs');
    await expect(lineOf(page, t.invoiceNo)).toHaveAttribute('data-match', 'txn_id_differs');
    await expect(lineOf(page, n.invoiceNo)).toHaveAttribute('data-match', 'not_approved_by_bank');
    await expect(lineOf(page, silent.invoiceNo)).toHaveAttribute('data-match', 'approved_not_ours');
    await expect(lineOf(page, '99999999999999999998')).toHaveAttribute('data-match', 'unknown_order');
    // Both ways: paid with us, not in the bank's file.
    const gone = lineOf(page, missing.invoiceNo);
    await expect(gone).toHaveAttribute('data-match', 'missing_from_file');
    await expect(gone).toContainText('not in the file');
    await expect(gone).toContainText('Paid with us, not in the bank file');
    // The day's totals side by side.
    await expect(page.getByTestId('settlement-day')).toHaveText(today);
    await expect(page.getByTestId('settlement-bank-total')).toContainText('RM');
    await expect(page.getByTestId('settlement-difference')).toContainText('RM');
    const unresolved = Number(await page.getByTestId('settlement-unresolved').textContent());
    expect(unresolved).toBeGreaterThanOrEqual(6);
    expect(await seriousViolations(page), 'settlement check').toEqual([]);

    // Resolved by a named officer: ask the bank about the approval that never reached us ...
    await lineOf(page, silent.invoiceNo).getByRole('button', { name: 'Ask the bank' }).click();
    await expect(lineOf(page, silent.invoiceNo).getByTestId('settlement-resolution')).toContainText(
      `Bank asked again by ${STAFF.admin}`,
    );
    await expect(lineOf(page, silent.invoiceNo)).toContainText('requery: pending → paid');
    // ... and explain the amount the bank settled short.
    await lineOf(page, a.invoiceNo).getByRole('button', { name: 'Explain' }).click();
    const dialog = page.getByRole('dialog', { name: 'Why does this line differ?' });
    await dialog.getByLabel('Explanation').fill('The bank kept a RM 1.00 fee; claimed back on 27/11.');
    expect(await seriousViolations(page), 'explain dialog').toEqual([]);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(lineOf(page, a.invoiceNo).getByTestId('settlement-resolution')).toContainText(
      `Explained by ${STAFF.admin}`,
    );
    await expect(lineOf(page, a.invoiceNo)).toContainText('The bank kept a RM 1.00 fee');
    await expect(page.getByTestId('settlement-unresolved')).toHaveText(String(unresolved - 2));
    const paid = (await (await page.request.get(`/api/payments/${silent.reference}`)).json()) as { status: string };
    expect(paid.status).toBe('paid');

    // Kept: the same file again opens this check, with its resolutions.
    const checkId = await page.getByTestId('settlement-check').getAttribute('data-check-id');
    await page.reload();
    await upload(page, 'fpx-settlement-again.csv', file);
    await expect(page.getByTestId('settlement-reopened')).toBeVisible();
    await expect(page.getByTestId('settlement-check')).toHaveAttribute('data-check-id', checkId as string);
    await expect(lineOf(page, a.invoiceNo).getByTestId('settlement-resolution')).toBeVisible();
    await expect(page.getByTestId('settlement-checks')).toContainText('fpx-settlement.csv');

    // A line dated two days before its payment was made does not match.
    await upload(page, 'fpx-settlement-early.csv', [
      HEADER,
      `${malaysiaDay(-2)},${m.invoiceNo},${m.txnId},${rm(m.amountSen)},00`,
    ]);
    await expect(lineOf(page, m.invoiceNo)).toHaveAttribute('data-match', 'date_differs');
  });
});
