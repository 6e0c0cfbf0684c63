import { expect, test } from '@playwright/test';
import { addToCart, checkout, consoleErrors, inEnglish, referenceOf, search, simulator } from './support';

test.describe('a guest pays council bills', () => {
  test.beforeEach(async ({ page }) => {
    await inEnglish(page);
  });

  test('an assessment (selection 3) and a compound of another council, by FPX: paid, with receipt numbers', async ({
    page,
  }) => {
    const errors = consoleErrors(page);
    await addToCart(page, { council: 'mdpg', type: 'assessment', accountNo: 'A-1000-0001', selection: 3 });
    await addToCart(page, { council: 'mps', type: 'compound', accountNo: 'MPS-KPN-88123' });
    await expect(page.getByTestId('cart-button')).toHaveAccessibleName('Cart, items: 2');

    await checkout(page, { fpx: 'MB2U0227' });
    // Selection 3 of A-1000-0001 is RM 486.50 (full payment with discounts), the compound RM 50.00.
    await expect(page.getByTestId('checkout-total')).toHaveText('RM 536.50');
    await page.getByTestId('pay-now').click();

    // The simulator's bank page, in the same window.
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/bank/i);
    await page.getByRole('button', { name: 'Approve' }).click();

    // Back on the receipt page, through the API's return route.
    await expect(page).toHaveURL(/#\/receipt\?reference=CP/);
    const status = page.getByTestId('payment-status');
    await expect(status).toHaveAttribute('data-status', 'paid');
    await expect(status).toContainText('Payment successful');
    await expect(page.getByTestId('receipt-no')).toHaveText([/^MDPG-\d{4}-\d{6}$/, /^MPS-\d{4}-\d{6}$/]);
    expect(referenceOf(page)).toMatch(/^CP[A-Z0-9]{20}$/);

    // The paid bills leave the cart.
    await expect(page.getByTestId('cart-button')).toHaveAccessibleName('Cart, items: 0');

    // Searched again, both owe nothing now.
    await page.goto('/#/search');
    await search(page, { council: 'mdpg', type: 'assessment', accountNo: 'A-1000-0001' });
    await expect(page.getByTestId('search-result')).toContainText('Amount dueRM 0.00');
    await search(page, { council: 'mps', type: 'compound', accountNo: 'MPS-KPN-88123' });
    await expect(page.getByTestId('search-result')).toContainText('Amount dueRM 0.00');
    expect(errors).toEqual([]);
  });

  test('a declined card: the receipt page says failed with the reason, and the cart keeps the bills', async ({
    page,
  }) => {
    await addToCart(page, { council: 'mdpg', type: 'compound', accountNo: 'KMP-2026-000102' });
    await addToCart(page, { council: 'mdpg', type: 'market_bill', accountNo: 'MB-0012' });
    await checkout(page, { card: 'Visa' });
    await page.getByTestId('pay-now').click();

    // The simulator's card page.
    await expect(page.getByRole('heading', { name: 'Pay by card' })).toBeVisible();
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByLabel('Name on card').fill('AMINAH BINTI SAPIN');
    await page.getByLabel('Month').selectOption('12');
    await page.getByLabel('Year').selectOption(String(new Date().getFullYear() + 2));
    await page.getByLabel('Security code (CVV)').fill('123');
    await page.getByRole('button', { name: /^Pay RM/ }).click();

    await expect(page).toHaveURL(/#\/receipt\?reference=CP/);
    const status = page.getByTestId('payment-status');
    await expect(status).toHaveAttribute('data-status', 'failed');
    await expect(page.getByTestId('failure-reason')).toHaveText('Reason: Card declined');
    await expect(page.getByTestId('cart-button')).toHaveAccessibleName('Cart, items: 2');
    await page.getByRole('link', { name: 'Back to cart' }).click();
    await expect(page.getByTestId('cart-item')).toHaveCount(2);
  });

  test('a pending FPX payment turns paid on the status page, without a reload, once the bank approves', async ({
    page,
  }) => {
    await addToCart(page, { council: 'mdpg', type: 'booking', accountNo: 'BK-2026-00017' });
    await checkout(page, { fpx: 'BCBB0235' });
    await page.getByTestId('pay-now').click();
    await page.getByRole('button', { name: 'Leave pending (09)' }).click();

    await expect(page).toHaveURL(/#\/receipt\?reference=CP/);
    const status = page.getByTestId('payment-status');
    await expect(status).toHaveAttribute('data-status', 'pending');
    await expect(status).toContainText('Payment pending at the bank');

    // The bank approves later and tells nobody: the page's own requery (every ~10 s) finds out.
    const payment = (await (await page.request.get(`/api/payments/${referenceOf(page)}`)).json()) as {
      invoiceNo: string;
    };
    const transactions = (await simulator('/sim/transactions')) as { fpx: Array<{ sellerOrderNo: string }> };
    const transaction = transactions.fpx.find((txn) => txn.sellerOrderNo === payment.invoiceNo) ?? transactions.fpx[0];
    expect(transaction).toBeDefined();
    await simulator(`/sim/fpx/${transaction?.sellerOrderNo}/settle`, { action: 'approve' });

    let navigations = 0;
    page.on('framenavigated', () => (navigations += 1));
    await expect(status).toHaveAttribute('data-status', 'paid', { timeout: 40_000 });
    await expect(page.getByTestId('receipt-no')).toHaveText(/^MDPG-\d{4}-\d{6}$/);
    expect(navigations).toBe(0);
  });
});
