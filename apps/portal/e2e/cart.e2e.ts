import { expect, test } from '@playwright/test';
import { addToCart, freshCopyOf, inEnglish, search } from './support';

test.describe('the cart, kept on the device', () => {
  test.beforeEach(async ({ page }) => {
    await inEnglish(page);
  });

  test('survives a reload, with the selection chosen', async ({ page }) => {
    await addToCart(page, { council: 'mdpg', type: 'assessment', accountNo: 'A-1000-0004', selection: 2 });
    await page.goto('/#/cart');
    await expect(page.getByTestId('cart-item')).toHaveCount(1);
    // Selection 2 pays the arrears only: RM 380.00.
    await expect(page.getByTestId('cart-item-amount')).toHaveText('Amount to pay: RM 380.00');
    await page.getByLabel('Payment option').selectOption('3');
    await expect(page.getByTestId('cart-item-amount')).toHaveText('Amount to pay: RM 1,520.00');

    await page.reload();
    await expect(page.getByTestId('cart-item')).toHaveCount(1);
    await expect(page.getByLabel('Payment option')).toHaveValue('3');
    await expect(page.getByTestId('cart-total')).toHaveText('Total: RM 1,520.00');
    await expect(page.getByTestId('cart-button')).toHaveAccessibleName('Cart, items: 1');

    // IndexedDB `cartDB`, store `items`.
    const stored = await page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const open = indexedDB.open('cartDB');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const count = open.result.transaction('items').objectStore('items').count();
            count.onsuccess = () => resolve(count.result);
          };
        }),
    );
    expect(stored).toBe(1);
  });

  test("refuses the same bill twice with '... already exist in cart.'", async ({ page }) => {
    await addToCart(page, { council: 'mdpg', type: 'compound', accountNo: 'KMP-2026-000101' });
    await page.goto('/#/search');
    await search(page, { council: 'mdpg', type: 'compound', accountNo: 'KMP2026000101' });
    await page.getByTestId('search-result').getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByTestId('snackbar')).toContainText('KMP-2026-000101 already exist in cart.');
    await expect(page.getByTestId('cart-button')).toHaveAccessibleName('Cart, items: 1');
  });

  test("holds 10 bills; the 11th gets 'Your cart is full, kindly checkout for your payment.'", async ({ page }) => {
    const bills = [
      ...['101', '102', '103', '104', '105', '106'].map((n) => ({ type: 'compound', accountNo: `KMP-2026-000${n}` })),
      { type: 'assessment', accountNo: 'A-1000-0004' },
      { type: 'booking', accountNo: 'BK-2026-00017' },
      { type: 'market_bill', accountNo: 'MB-0012' },
      { type: 'council_permit_license', accountNo: 'PS-2026-0033' },
    ];
    for (const bill of bills) await addToCart(page, { council: 'mdpg', ...bill });
    await expect(page.getByTestId('cart-button')).toHaveAccessibleName('Cart, items: 10');

    await page.goto('/#/search');
    await search(page, { council: 'mdpg', type: 'tenancy', accountNo: 'GR 12' });
    await page.getByTestId('search-result').getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByTestId('snackbar')).toContainText('Your cart is full, kindly checkout for your payment.');
    await expect(page.getByTestId('cart-button')).toHaveAccessibleName('Cart, items: 10');
  });

  test('a settled bill (RM 0.00) and a bill in credit offer no active Add to cart', async ({ page }) => {
    await page.goto('/#/search');
    for (const accountNo of ['A-1000-0002', 'A-1000-0003']) {
      await search(page, { council: 'mdpg', type: 'assessment', accountNo });
      const result = page.getByTestId('search-result').filter({ hasText: accountNo });
      await expect(result).toContainText('Nothing to pay');
      await expect(result.getByTestId('add-to-cart')).toBeDisabled();
    }
    await expect(page.getByTestId('cart-button')).toHaveAccessibleName('Cart, items: 0');
  });

  test("checks a part payment against the minimum: 'Cannot be less than minimum payment'", async ({ page }) => {
    await addToCart(page, { council: 'mdpg', type: 'tenancy', accountNo: 'GR 12' });
    await page.goto('/#/cart');
    const amount = page.getByTestId('cart-amount');
    await expect(amount).toHaveValue('450.00');
    await amount.fill('100');
    await expect(page.getByTestId('cart-item')).toContainText('Cannot be less than minimum payment');
    await expect(page.getByTestId('cart-checkout')).toBeDisabled();
    await amount.fill('150.00');
    await expect(page.getByTestId('cart-item')).not.toContainText('Cannot be less than minimum payment');
    await expect(page.getByTestId('cart-total')).toHaveText('Total: RM 150.00');
    await expect(page.getByTestId('cart-checkout')).toBeEnabled();
  });

  test('adds a licence with its dependent items and removes them together', async ({ page }) => {
    await addToCart(page, { council: 'mdpg', type: 'trading_license', accountNo: 'LP-2025-0001' });
    await addToCart(page, { council: 'mdpg', type: 'compound', accountNo: 'KMP-2026-000105' });
    await page.goto('/#/cart');
    await expect(page.getByTestId('cart-item')).toHaveCount(4);
    await page.getByRole('button', { name: 'Remove LP-2025-0001 from the cart' }).click();
    await expect(page.getByTestId('cart-item')).toHaveCount(1);
    await expect(page.getByTestId('cart-item')).toContainText('KMP-2026-000105');
  });

  test('a removed bill stays removed: after a reload, and after another bill is added', async ({ page }) => {
    const removed = await freshCopyOf('KMP-2026-000106');
    await addToCart(page, { council: 'mdpg', type: 'compound', accountNo: removed });
    await page.goto('/#/cart');
    await page.getByRole('button', { name: `Remove ${removed} from the cart` }).click();
    await expect(page.getByTestId('cart-item')).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('cart-button')).toHaveAccessibleName('Cart, items: 0');

    const kept = await freshCopyOf('KMP-2026-000103');
    await addToCart(page, { council: 'mdpg', type: 'compound', accountNo: kept });
    await addToCart(page, { council: 'mdpg', type: 'tenancy', accountNo: 'GR 12' });
    await page.goto('/#/cart');
    await expect(page.getByTestId('cart-item')).toHaveCount(2);
    await expect(page.getByRole('main')).not.toContainText(removed);
    await page.reload();
    await expect(page.getByTestId('cart-item')).toHaveCount(2);
    await expect(page.getByRole('main')).not.toContainText(removed);
  });

  test('refuses licences the council must renew at the counter', async ({ page }) => {
    await page.goto('/#/search');
    await search(page, { council: 'mdpg', type: 'trading_license', accountNo: 'LP-2025-0003' });
    await expect(page.getByTestId('snackbar')).toContainText(
      'This trading license is not applicable for online renewal, please renew at the council counter.',
    );
  });

  test("says 'Not Found!' and 'Invalid Account No / License No', and clears the id after a result", async ({
    page,
  }) => {
    await page.goto('/#/search');
    await search(page, { council: 'mdpg', type: 'compound', accountNo: 'KMP-2026-999999' });
    await expect(page.getByTestId('snackbar')).toContainText('Not Found!');
    await search(page, { council: 'mdpg', type: 'compound', accountNo: '<none>' });
    await expect(page.getByTestId('search-form')).toContainText('Invalid Account No / License No');
    await search(page, { council: 'mdpg', type: 'engineering', planType: 'LAND', accountNo: 'JK / LAN / 2026 / 0105' });
    await expect(page.getByTestId('search-result')).toContainText('JK/LAN/2026/0105');
    await expect(page.getByTestId('search-account-no')).toHaveValue('');
  });

  test('turns the local government charge form into a cart item (amount = people x days)', async ({ page }) => {
    await page.goto('/#/search');
    await search(page, { council: 'mdpg', type: 'local_government_charge', accountNo: 'LGC-TAPAK' });
    const result = page.getByTestId('search-result');
    await result.getByRole('button', { name: 'Add to cart' }).click();
    await expect(result).toContainText('This field is required.');
    await result.getByLabel('Customer name').fill('Persatuan Belia Penampang');
    await result.getByLabel('Number of people').fill('25');
    // Dates are typed day first, whatever the browser's locale.
    await result.getByLabel('Start date').fill('01122026');
    await expect(result.getByLabel('Start date')).toHaveValue('01/12/2026');
    await result.getByLabel('End date').fill('03/12/2026');
    await expect(result.getByTestId('charge-days')).toHaveText('3');
    await expect(result.getByTestId('charge-amount')).toHaveText('RM 75.00');
    await result.getByRole('button', { name: 'Add to cart' }).click();
    await page.goto('/#/cart');
    await expect(page.getByTestId('cart-item')).toContainText('Persatuan Belia Penampang');
    await expect(page.getByTestId('cart-total')).toHaveText('Total: RM 75.00');
  });
});
