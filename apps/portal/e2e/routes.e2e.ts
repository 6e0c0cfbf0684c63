import { expect, test } from '@playwright/test';
import { ROUTES as ROUTE_PATHS } from '../src/shared/routing/paths';
import { consoleErrors } from './support';

/** Every route (paths.spec.ts pins the list). */
const ROUTES = Object.values(ROUTE_PATHS);

test.describe('routes', () => {
  test('every route renders its page without console errors', async ({ page }) => {
    const errors = consoleErrors(page);
    for (const route of ROUTES) {
      await page.goto(`/#${route}`);
      await expect(page.getByRole('heading', { level: 1 }), route).toBeVisible();
      await expect(page.getByTestId('route-error'), route).toHaveCount(0);
      await expect(page.getByTestId('not-found'), route).toHaveCount(0);
    }
    expect(errors).toEqual([]);
  });

  test("an unknown route shows 'This page could not be found' with a link home", async ({ page }) => {
    await page.goto('/#/no-such-page');
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      /Halaman ini tidak dapat ditemui|This page could not be found/,
    );
    await page.evaluate(() => window.localStorage.setItem('language', 'en'));
    await page.reload();
    await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/#\/$/);
    await expect(page.getByTestId('council-title')).toBeVisible();
  });

  test('the shell: top bar, footer, snackbar bottom right with OK, and a collapsed menu on small screens', async ({
    page,
  }) => {
    await page.addInitScript(() => window.localStorage.setItem('language', 'en'));
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Home' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign up' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(page.getByTestId('footer-text')).toBeVisible();
    await expect(page.locator('footer')).toContainText(String(new Date().getFullYear()));
    await expect(page.locator('footer')).toContainText('Best viewed with');

    await page.goto('/#/search');
    await page.getByTestId('search-account-no').fill('NOPE-1');
    await page.getByRole('button', { name: 'Search' }).click();
    const snackbar = page.getByTestId('snackbar');
    await expect(snackbar).toContainText('Not Found!');
    const box = await snackbar.boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport && box.x + box.width > viewport.width / 2 && box.y > viewport.height / 2).toBe(true);
    await snackbar.getByRole('button', { name: 'OK' }).click();
    await expect(snackbar).toBeHidden();

    await page.setViewportSize({ width: 390, height: 800 });
    await expect(page.getByRole('button', { name: 'Login' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('button', { name: 'Sign up' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  });
});
