import { expect, test, type Page } from '@playwright/test';
import { addToCart, checkout, freshCopyOf, inEnglish } from '../../portal/e2e/support';
import { councilSim, signIn, STAFF } from './support';

/** Pays a fresh copy of a seeded compound in the portal, through the bank simulator. */
async function payInThePortal(page: Page): Promise<void> {
  await addToCart(page, { council: 'mdpg', type: 'compound', accountNo: await freshCopyOf('KMP-2026-000106') });
  await checkout(page, { fpx: 'MB2U0227' });
  await page.getByTestId('pay-now').click();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'paid');
}

/** The endpoint's deliveries, read again until `row` matches (the screen refreshes on request). */
async function refreshUntil(page: Page, check: () => Promise<boolean>): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.getByTestId('webhook-deliveries').getByRole('button', { name: 'Refresh' }).click();
        return check();
      },
      { timeout: 60_000, intervals: [1_000] },
    )
    .toBe(true);
}

test.describe('payments out, as a council admin sees them', () => {
  test('an endpoint receives a bill paid in the portal; a broken receiver is retried; sending again gets it through', async ({
    page,
  }) => {
    test.slow(); // two payments through the bank, each waited for in the console
    await councilSim.control('/reset');
    await inEnglish(page);
    await signIn(page, STAFF.mdpgAdmin);

    // Configure: the receiver's address; its secret, shown once, handed to the receiver.
    await page.goto('/console/#/webhooks?council=mdpg');
    await page.getByTestId('webhook-url').fill(councilSim.hooksUrl());
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const secret = (await page.getByTestId('webhook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await councilSim.control('/secrets', { secret });
    await page.getByRole('button', { name: 'Close' }).click();
    const endpoint = page.getByTestId('webhook-endpoints').locator('tr', { hasText: councilSim.hooksUrl() }).last();
    await expect(endpoint.getByTestId('webhook-endpoint-status')).toHaveText('On');
    const webhooksScreen = page.url();

    // A bill paid in the portal reaches the receiver, signed: delivered at the first attempt.
    await payInThePortal(page);
    await page.goto(webhooksScreen);
    await endpoint.getByRole('button', { name: 'Deliveries' }).click();
    const rows = page.getByTestId('webhook-deliveries').locator('tr[data-delivery]');
    await refreshUntil(
      page,
      async () => (await rows.count()) === 1 && (await rows.first().getAttribute('data-status')) === 'delivered',
    );
    await expect(rows.first().getByTestId('webhook-delivery-attempts')).toHaveText('1');
    await expect(rows.first()).toContainText('bill.credited');
    await expect(rows.first()).toContainText('200');

    // The receiver breaks (answers 500): the next bill's delivery fails and waits to be retried.
    await councilSim.control('/mode', { mode: 'fail', failStatus: 500 });
    await payInThePortal(page);
    await page.goto(webhooksScreen);
    await endpoint.getByRole('button', { name: 'Deliveries' }).click();
    const failing = rows.filter({ hasText: 'told to fail' }).first();
    await refreshUntil(page, async () => (await failing.count()) === 1);
    await expect(failing).toHaveAttribute('data-status', 'pending');
    expect(Number(await failing.getByTestId('webhook-delivery-attempts').textContent())).toBeGreaterThanOrEqual(1);
    await expect(failing).toContainText('500');

    // Mended, and sent again at once by the council admin: delivered, and the receiver has it.
    await councilSim.control('/mode', { mode: 'ok' });
    const id = await failing.getAttribute('data-delivery');
    await failing.getByRole('button', { name: 'Send again' }).click();
    const again = rows.and(page.locator(`[data-delivery="${id}"]`));
    await refreshUntil(page, async () => (await again.getAttribute('data-status')) === 'delivered');
    const received = (await (await fetch(councilSim.hooksUrl().replace('/hooks', '/received'))).json()) as {
      type: string;
      verified: boolean;
      status: number;
    }[];
    expect(received.filter((r) => r.verified && r.status === 200 && r.type === 'bill.credited')).toHaveLength(2);
    expect(received.some((r) => r.status === 500)).toBe(true);
  });
});
