import { expect, test } from '@playwright/test';
import { withDatabase } from './support';

async function setServiceClosed(closed: boolean): Promise<void> {
  await withDatabase((db) =>
    db.query(`UPDATE "Configuration" SET "serviceClosed" = $1 WHERE id = 'default'`, [closed]),
  );
}

test.describe('configuration', () => {
  test.afterEach(async () => {
    await setServiceClosed(false);
    await withDatabase((db) => db.query(`UPDATE "Configuration" SET "appVersion" = '1.0.0' WHERE id = 'default'`));
  });

  test('while the service is closed, the announcement dialog blocks the portal', async ({ page }) => {
    await setServiceClosed(true);
    await page.goto('/');
    const dialog = page.getByTestId('announcement-dialog').getByRole('alertdialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Sistem sedang diselenggara. Sila cuba sebentar lagi.');
    await expect(dialog.getByRole('img')).toBeVisible();

    // Neither Escape nor a click outside closes it, and the page behind takes no clicks.
    await page.keyboard.press('Escape');
    await page.mouse.click(10, 10);
    await expect(dialog).toBeVisible();
    // The portal behind is out of reach: hidden from assistive technology, its links covered.
    await expect(page.getByRole('link', { name: 'Teruskan sebagai tetamu' })).toHaveCount(0);

    await setServiceClosed(false);
    await page.reload();
    await expect(page.getByTestId('announcement-dialog')).toHaveCount(0);
    await expect(page.getByTestId('council-title')).toBeVisible();
  });

  test('a newer configured app version shows the update-required notice with both versions', async ({ page }) => {
    await withDatabase((db) => db.query(`UPDATE "Configuration" SET "appVersion" = '2.0.0' WHERE id = 'default'`));
    await page.goto('/');
    const notice = page.getByTestId('update-required').getByRole('dialog');
    await expect(notice).toContainText('1.0.0');
    await expect(notice).toContainText('2.0.0');
    await notice.getByRole('button', { name: 'Nanti' }).click();
    await expect(notice).toBeHidden();
  });
});
