import { expect, test } from '@playwright/test';

test.describe('the product, served like `npm start` serves it', () => {
  test('the portal opens in Malay with the default council title from the API', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto('/');
    await expect(page.getByTestId('council-title')).toHaveText('Majlis Daerah Penampang');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ms');
    expect(errors).toEqual([]);
  });

  test('the console opens under /console/ and lists the councils', async ({ page }) => {
    await page.goto('/console/');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Councils' }).click();
    await expect(page.getByText('Majlis Daerah Penampang').first()).toBeVisible();
  });

  test('the API reports PostgreSQL and Redis up', async ({ request }) => {
    const res = await request.get('/api/health');
    expect(res.status()).toBe(200);
    const body = await res.json();
    expect(body.checks.postgres.status).toBe('up');
    expect(body.checks.redis.status).toBe('up');
  });
});
