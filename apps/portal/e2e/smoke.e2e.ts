import { expect, test } from '@playwright/test';
import { freshTotpCode } from '../../../scripts/totp.mjs';

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

  test('the console opens under /console/ in Malay, asks staff to sign in, and lists the councils', async ({
    page,
  }) => {
    await page.goto('/console/');
    // Staff only: the console starts at its sign-in page (the demo _admin account of the seed).
    await page.getByLabel(/^E-mel/).fill('admin@councilpay.my');
    await page.getByLabel(/^Kata laluan/).fill(process.env.SEED_ADMIN_PASSWORD || 'Demo#CouncilPay2026');
    await page.getByRole('button', { name: 'Log masuk' }).click();
    // Then the second factor: the demo staff's authenticator code.
    await page
      .getByLabel(/^Kod pengesahan/)
      .fill(
        await freshTotpCode(
          'admin@councilpay.my',
          process.env.DEMO_STAFF_TOTP_SECRET || 'COUNCILPAYDEMOSTAFFTOTPDEVONLY23',
        ),
      );
    await page.getByRole('button', { name: 'Sahkan' }).click();
    await expect(page.getByRole('heading', { name: 'Papan pemuka' })).toBeVisible({ timeout: 20_000 });
    await page.getByRole('menuitem', { name: 'Majlis', exact: true }).click();
    // The councils come from the staff API once the list screen's code has loaded.
    await expect(page.getByText('Majlis Daerah Penampang').first()).toBeVisible({ timeout: 15_000 });
  });

  test('the API reports PostgreSQL and Redis up', async ({ request }) => {
    const res = await request.get('/api/health');
    expect(res.status()).toBe(200);
    const body = await res.json();
    expect(body.checks.postgres.status).toBe('up');
    expect(body.checks.redis.status).toBe('up');
  });
});
