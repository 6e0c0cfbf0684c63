import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from '../../../tools/e2e-axe';
import { paidPayment, signIn, STAFF } from './support';

/**
 * Every console screen at the width of its project (console-390 a phone, console-820 a tablet, console-1440 a
 * desktop), in Malay as staff use it: nothing makes the page scroll sideways (a wide table scrolls inside its
 * card), every button says what it does (axe's button-name among its WCAG rules), the payment's actions are
 * labelled buttons within the screen, and each screen is kept as a screenshot (.test-results/console-widths/).
 */

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

async function unnamedButtons(page: Page): Promise<string[]> {
  // One snapshot of the page's accessibility tree (hidden elements are left out of it), read whole: a locator per
  // button would wait for ever on a button that went between listing and reading (a snackbar closing, a list
  // refreshing). A named button is `- button "Name"` (quoted whole, `- 'button "Open: a.csv"'`, when the name has
  // a colon); an unnamed one is `- button` alone, or followed by its children (`- button:`) or states (`[disabled]`).
  const tree = await page.locator('body').ariaSnapshot();
  return tree
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /^- '?button(?=$|:| \[)/.test(line));
}

async function checkScreen(page: Page, name: string, width: string): Promise<void> {
  // Data settled: no loading bar, no skeleton.
  await expect(page.locator('.MuiLinearProgress-root, .RaLoading-root')).toHaveCount(0);
  expect.soft(await horizontalOverflow(page), `${name}: the page scrolls sideways`).toBeLessThanOrEqual(0);
  expect.soft(await unnamedButtons(page), `${name}: buttons without a name`).toEqual([]);
  expect.soft(await seriousViolations(page), name).toEqual([]);
  await page.screenshot({ path: `.test-results/console-widths/${width}/${name}.png`, fullPage: true });
}

async function inMalay(page: Page): Promise<void> {
  await page.evaluate(() => window.localStorage.setItem('RaStore.locale', '"ms"'));
  await page.reload();
}

test.describe('the console at every width', () => {
  test('every screen fits, every button is named, and the payment’s actions are labelled', async ({
    page,
  }, testInfo) => {
    // One walk of nineteen screens, each measured and checked by axe: three times a journey's budget.
    test.slow();
    const width = testInfo.project.name;
    const payment = await paidPayment(page.request, 'mdpg', 'recon.width@example.my');
    await signIn(page, STAFF.admin);
    await inMalay(page);
    await expect(page.getByTestId('dashboard-pending')).toBeVisible();
    await checkScreen(page, 'dashboard', width);

    await page.goto(`/console/#/payments`);
    await page.getByPlaceholder(/^Cari/).fill('recon.width');
    const found = page.getByText(payment.reference);
    await expect(found).toBeVisible();
    // The status is on screen beside the payment at every width (a chip in the row or the phone's list).
    const status = page.getByTestId('payment-status').first();
    await expect(status).toBeInViewport();
    await expect(page.getByTestId('status-tabs')).toBeVisible();
    await checkScreen(page, 'payments', width);

    await found.click();
    await expect(page.getByTestId('payment-reference')).toHaveText(payment.reference);
    // Bank and card by name, never their codes.
    await expect(page.getByText('Maybank2U').first()).toBeVisible();
    // (The signed message as received keeps the bank's id: it is folded away.)
    await expect(page.getByText('MB2U0227').filter({ visible: true })).toHaveCount(0);
    for (const label of ['Semak dengan bank', 'Hantar semula e-mel', 'Hantar semula SMS', 'Rekod bayaran balik']) {
      const button = page.getByRole('button', { name: label });
      await expect(button, label).toBeInViewport();
      expect((await button.boundingBox())?.width ?? 0, label).toBeGreaterThan(48);
    }
    await checkScreen(page, 'payment', width);

    await page.getByRole('button', { name: 'Rekod bayaran balik' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    for (const label of ['Batal', 'Teruskan'])
      await expect(dialog.getByRole('button', { name: label })).toBeInViewport();
    await checkScreen(page, 'refund-dialog', width);
    await dialog.getByRole('button', { name: 'Batal' }).click();

    for (const [name, path] of [
      ['notifications', '/notifications'],
      ['councils', '/councils'],
      ['council', '/councils/mdpg/show'],
      ['council-edit', '/councils/mdpg'],
      ['users', '/users'],
      ['audit', '/audit'],
      ['reconciliation', '/reconciliation'],
      ['settlement', '/settlement'],
      ['day-close', '/day-close'],
      ['collection-files', '/collection-files'],
      ['bill-imports', '/bill-imports'],
      ['webhooks', '/webhooks'],
      ['staff', '/staff'],
      ['council-api-keys', '/council-api-keys'],
      ['council-api-requests', '/council-api-requests'],
      ['configuration', '/configuration'],
    ] as const) {
      await page.goto(`/console/#${path}`);
      await expect(page.locator('#main-content')).toBeVisible();
      await checkScreen(page, name, width);
    }
  });
});
