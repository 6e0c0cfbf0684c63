import { expect, test } from '@playwright/test';
import { seriousViolations } from '../../../tools/e2e-axe';
import { DOCUMENT_VERIFY_ROUTE, type CreatePaymentResponse, type SearchResultDto } from '@councilpay/domain';
import { ROUTES } from '../src/shared/routing/paths';
import { addToCart, inEnglish, search } from './support';

test.describe('accessibility (axe)', () => {
  test('home, search, cart, checkout and receipt have no serious or critical violations', async ({ page }) => {
    await inEnglish(page);
    await page.goto('/');
    await expect(page.getByTestId('search-form')).toBeVisible();
    expect(await seriousViolations(page), 'home').toEqual([]);

    await page.goto('/#/search');
    await search(page, { council: 'mdpg', type: 'assessment', accountNo: 'A-1000-0004' });
    await expect(page.getByTestId('search-result')).toBeVisible();
    expect(await seriousViolations(page), 'search').toEqual([]);

    await addToCart(page, { council: 'mdpg', type: 'tenancy', accountNo: 'GR 12' });
    await page.goto('/#/cart');
    await expect(page.getByTestId('cart-item')).toHaveCount(1);
    expect(await seriousViolations(page), 'cart').toEqual([]);

    await page.goto('/#/checkout');
    await expect(page.getByLabel('Full name')).toBeVisible();
    expect(await seriousViolations(page), 'checkout').toEqual([]);

    // A payment waiting for its bank, made through the API.
    const found = await page.request.post('/api/search', {
      data: { council: 'mdpg', type: 'compound', accountNo: 'KMP-2026-000104' },
    });
    const [bill] = (await found.json()) as SearchResultDto[];
    const created = await page.request.post('/api/payments', {
      headers: { 'Idempotency-Key': `axe-${Date.now()}` },
      data: {
        items: [{ payableId: bill?.id }],
        payer: { name: 'Aminah binti Sapin', email: 'aminah@example.my', phone: '0123456789' },
        method: { type: 'fpx', bankId: 'MB2U0227' },
        confirmRetry: true,
      },
    });
    expect(created.status()).toBe(201);
    const { reference } = (await created.json()) as CreatePaymentResponse;
    await page.goto(`/#/receipt?reference=${reference}`);
    await expect(page.getByTestId('payment-status')).toBeVisible();
    // The receipt follows the payment live: a check made while a colour is mid-transition reads a blend. A
    // real violation stays and fails after the poll's timeout; a passing moment is a page without one. On a
    // loaded machine one axe pass takes seconds, so the poll gets two minutes, not the 30 s of an expectation.
    await expect.poll(() => seriousViolations(page), { message: 'receipt', timeout: 120_000 }).toEqual([]);
  });

  test("every other page, a council's own address and the not-found page have no serious or critical violations", async ({
    page,
  }) => {
    test.slow(); // nineteen pages, each read by axe
    await inEnglish(page);
    const pages = [
      ...Object.values(ROUTES)
        .filter((route) => !['/', '/search', '/cart', '/checkout', '/receipt'].includes(route))
        .map((route) => `/#${route}`),
      `/#${DOCUMENT_VERIFY_ROUTE}`,
      '/mps',
      '/mps#/search',
      '/mpsx',
    ];
    for (const path of pages) {
      await page.goto(path);
      await page.reload();
      await expect(page.locator('#main-content')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      expect(await seriousViolations(page), path).toEqual([]);
    }
  });

  test('the login dialog keeps focus inside, closes with Escape but not by a click outside', async ({ page }) => {
    await inEnglish(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Login' }).click();
    const dialog = page.getByRole('dialog', { name: 'Login to your account' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('E-mail')).toBeFocused();
    for (let i = 0; i < 8; i += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    }
    await page.mouse.click(5, 300);
    await expect(dialog).toBeVisible();
    const width = (await dialog.boundingBox())?.width ?? 0;
    expect(width).toBeLessThanOrEqual(800);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});
