import { expect, test } from '@playwright/test';
import { createPayment, makeBill, pendingPaymentTheBankApproved, signIn, STAFF } from './support';

test.describe('the staff console', () => {
  test('a council admin of mdpg sees only mdpg payments, and the API refuses another council’s payment', async ({
    page,
  }) => {
    const mps = await createPayment(page.request, await makeBill('mps'));
    const mdpg = await createPayment(page.request, await makeBill('mdpg'));
    await signIn(page, STAFF.mdpgAdmin);

    // What a council admin may not use is not offered.
    const menu = page.getByRole('navigation').or(page.locator('.RaSidebar-fixed'));
    await expect(menu.getByRole('menuitem', { name: 'Payments' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Accounts' })).toHaveCount(0);
    await expect(menu.getByRole('menuitem', { name: 'Configuration' })).toHaveCount(0);

    await menu.getByRole('menuitem', { name: 'Payments' }).click();
    const rows = page.locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    await expect(page.getByText(mdpg.reference)).toBeVisible();
    await expect(page.getByText(mps.reference)).toHaveCount(0);
    // Every row shown is one of mdpg's (read until the list has settled: react-admin may draw it again while
    // it refetches, and a single read can land between two renders and see no cells).
    await expect
      .poll(async () => {
        const councils = await rows.locator('td.column-councils').allInnerTexts();
        return councils.length > 0 && councils.every((cell) => cell.includes('mdpg'));
      })
      .toBe(true);

    // Searching another council's payment by its reference finds nothing.
    await page.getByPlaceholder(/^Search/).fill(mps.reference);
    await expect(page.getByText('No Payments found')).toBeVisible();

    // The session the console signed in with, asking the API directly.
    const direct = await page.request.get(`/api/admin/payments/${mps.reference}`);
    expect(direct.status()).toBe(404);
    expect((await page.request.get(`/api/admin/payments/${mdpg.reference}`)).status()).toBe(200);
    expect((await page.request.get('/api/admin/users')).status()).toBe(403);
    const list = await page.request.get(`/api/admin/payments?reference=${mps.reference}`);
    expect(await list.json()).toEqual([]);
  });

  test('_admin finds a pending payment by reference, requeries it and sees it paid, with the enquiry on the timeline', async ({
    page,
  }) => {
    const payment = await pendingPaymentTheBankApproved(page.request);
    await signIn(page, STAFF.admin);
    await page.getByRole('menuitem', { name: 'Payments' }).click();
    await page.getByPlaceholder(/^Search/).fill(payment.reference);
    const row = page.locator('tbody tr', { hasText: payment.reference });
    await expect(page.locator('tbody tr')).toHaveCount(1);
    await expect(row.getByTestId('payment-status')).toHaveAttribute('data-status', 'pending');
    await row.click();

    await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'pending');
    await page.getByRole('button', { name: 'Requery now' }).click();
    await expect(page.getByText('The bank was asked: the payment is now Paid.')).toBeVisible();
    await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'paid');

    // The timeline: our enquiry (by staff) and the bank's answer that moved it from pending to paid.
    const timeline = page.getByTestId('payment-timeline');
    const enquiry = timeline.locator('tbody tr', { hasText: 'Staff' });
    await expect(enquiry.first()).toContainText('Status changed');
    await expect(enquiry.first()).toContainText('Pending');
    await expect(enquiry.first()).toContainText('Paid');
    await expect(timeline).toContainText('Bills credited');
    // The items are credited, with a receipt number, and the staff member's action is recorded.
    await expect(page.getByTestId('payment-items')).toContainText(/MDPG-\d{4}-\d{6}/);
    const audit = page.getByTestId('payment-audit');
    await expect(audit).toContainText(STAFF.admin);
    await expect(audit).toContainText('Requery');
  });
});
