import { expect, test, type Page } from '@playwright/test';

async function chooseLanguage(page: Page, current: RegExp, next: string): Promise<void> {
  await page.getByRole('button', { name: current }).click();
  await page.getByRole('menuitem', { name: next }).click();
}

test.describe('the portal in Malay, English and Chinese', () => {
  test('opens in Malay, switches to English and Chinese, and keeps the choice over a reload', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ms');
    await expect(page.getByRole('heading', { name: 'Bayar dalam tiga langkah mudah' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Teruskan sebagai tetamu' })).toBeVisible();
    await expect(page.getByTestId('council-title')).toHaveText('Majlis Daerah Penampang');

    await chooseLanguage(page, /Bahasa Malaysia/, 'English');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { name: 'Pay in three easy steps' })).toBeVisible();
    await expect(page.getByTestId('council-title')).toHaveText('Penampang District Council');
    await expect(page.getByTestId('search-form').getByRole('button', { name: 'Search' })).toBeVisible();

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('link', { name: 'Continue as guest' })).toBeVisible();

    await chooseLanguage(page, /English/, '中文');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh');
    await expect(page.getByTestId('council-title')).toHaveText('兵南邦县议会');
    await expect(page.getByRole('link', { name: '以访客身份继续' })).toBeVisible();
  });

  test('translates the search, cart, checkout and FAQ screens', async ({ page }) => {
    const screens: Array<{ path: string; ms: string; en: string; zh: string }> = [
      { path: '/#/search', ms: 'Cari akaun', en: 'Search account', zh: '查询账户' },
      { path: '/#/cart', ms: 'Troli', en: 'Cart', zh: '购物车' },
      { path: '/#/checkout', ms: 'Pembayaran', en: 'Checkout', zh: '结账' },
      { path: '/#/faq', ms: 'Soalan lazim', en: 'Frequently asked questions', zh: '常见问题' },
    ];
    for (const language of ['ms', 'en', 'zh'] as const) {
      await page.goto('/');
      await page.evaluate((chosen) => window.localStorage.setItem('language', chosen), language);
      for (const screen of screens) {
        await page.goto(screen.path);
        await page.reload();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(screen[language]);
      }
    }
    // A field label and its example hint in Chinese.
    await page.goto('/#/search');
    await expect(page.getByTestId('search-form')).toContainText('例如：A-1000-0001');
    await expect(page.getByRole('button', { name: '查询' })).toBeVisible();
  });
});
