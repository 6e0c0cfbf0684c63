import { expect, test, type Locator, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { addToCart, checkout, freshCopyOf, inEnglish, referenceOf, withDatabase } from './support';

/** A phone: 390 × 844 CSS pixels. */
const PHONE = { width: 390, height: 844 };

/** Where the screenshots of the phone screens go (looked at by a person, not compared). */
const SCREENS = process.env.PAYER_SCREENS_DIR || '.test-results/screens-payer';

/** Every element `locator` matches lies wholly inside the screen's width (scrolled to, never sideways). */
async function expectInsideViewport(page: Page, locator: Locator, what: string): Promise<void> {
  await expect(locator.first(), `${what}: none shown`).toBeVisible();
  const count = await locator.count();
  for (let i = 0; i < count; i += 1) {
    const element = locator.nth(i);
    await element.scrollIntoViewIfNeeded();
    const box = await element.boundingBox();
    expect(box, `${what} ${i}`).not.toBeNull();
    expect(box!.x, `${what} ${i} starts inside the screen`).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, `${what} ${i} ends inside the screen`).toBeLessThanOrEqual(PHONE.width);
  }
  // Nothing on the page needs a sideways scroll.
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `${what}: page wider than the screen`).toBeLessThanOrEqual(PHONE.width);
}

async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENS, { recursive: true });
  // From the top, so that the sticky top bar is where a person sees it.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SCREENS}/${name}.png`, fullPage: true });
}

/** The SMS code sent to a number (from the development sink or the queued notification). */
async function smsCode(phoneDigits: string): Promise<string> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const code = await withDatabase(async (db) => {
      const queued = await db.query<{ code: string | null }>(
        `SELECT data->>'code' AS code FROM "Notification"
          WHERE template = 'phone_code' AND recipient LIKE $1 ORDER BY "createdAt" DESC LIMIT 1`,
        [`%${phoneDigits.slice(-9)}`],
      );
      const sent = await db.query<{ body: string }>(
        `SELECT body FROM "SinkMessage" WHERE channel = 'sms' AND recipient LIKE $1 ORDER BY id DESC LIMIT 1`,
        [`%${phoneDigits.slice(-9)}`],
      );
      return queued.rows[0]?.code ?? /\b(\d{6})\b/.exec(sent.rows[0]?.body ?? '')?.[1] ?? null;
    });
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no SMS code for ${phoneDigits}`);
}

/** Registers and signs in through the API (the browser shares its cookies), with a phone written with dashes. */
async function registerAndSignIn(page: Page): Promise<{ email: string; phone: string }> {
  const suffix = `${Date.now()}`.slice(-7);
  const email = `phone.${suffix}@example.my`;
  const phone = `013-${suffix.slice(0, 3)} ${suffix.slice(3)}`;
  const started = await page.request.post('/api/auth/register', {
    data: {
      fullName: 'Nur Aisyah binti Kamal',
      email,
      // One account per NRIC: a number of its own.
      nric: `880315-14-${suffix.slice(-4)}`,
      phone,
      password: 'Rahsia#2026',
      confirmPassword: 'Rahsia#2026',
      language: 'en',
    },
  });
  expect(started.status(), await started.text()).toBe(202);
  const { verificationId } = (await started.json()) as { verificationId: string };
  const verified = await page.request.post('/api/auth/register/verify', {
    data: { verificationId, code: await smsCode(phone.replace(/\D/g, '')) },
  });
  expect(verified.status(), await verified.text()).toBe(201);
  return { email, phone };
}

test.describe('the money is always visible on a phone', () => {
  test.use({ viewport: PHONE });

  test('checkout, confirmation, receipt and history at 390 × 844: every amount and receipt number on screen', async ({
    page,
  }) => {
    await inEnglish(page);
    const payer = await registerAndSignIn(page);
    // Three councils, long ids: the cart spans councils.
    await addToCart(page, { council: 'mps', type: 'market_bill', accountNo: await freshCopyOf('MB-SDK-0301') });
    await addToCart(page, { council: 'mpt', type: 'booking', accountNo: await freshCopyOf('TWU/DEWAN/0091') });
    await addToCart(page, { council: 'mdpg', type: 'compound', accountNo: await freshCopyOf('KMP-2026-000106') });

    await page.goto('/#/cart');
    await page.getByTestId('cart-checkout').click();
    await expect(page).toHaveURL(/#\/checkout$/);
    await expect(page.getByTestId('checkout-total')).toHaveText('RM 590.00');
    await expectInsideViewport(page, page.getByTestId('item-amount'), 'checkout amount');
    await expectInsideViewport(page, page.getByTestId('checkout-total'), 'checkout total');
    await screenshot(page, 'checkout-390');

    await checkout(
      page,
      { fpx: 'MB2U0227' },
      { name: 'Nur Aisyah binti Kamal', email: payer.email, phone: payer.phone },
    );
    await expectInsideViewport(page, page.getByTestId('item-amount'), 'confirmation amount');
    await expectInsideViewport(page, page.getByTestId('checkout-total'), 'confirmation total');
    await screenshot(page, 'confirmation-390');

    await page.getByTestId('pay-now').click();
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page).toHaveURL(/#\/receipt\?reference=CP/);
    await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'paid');
    const reference = referenceOf(page);
    await expect(page.getByTestId('receipt-no')).toHaveText([
      /^MPS-\d{4}-\d{6}$/,
      /^MPT-\d{4}-\d{6}$/,
      /^MDPG-\d{4}-\d{6}$/,
    ]);
    // The bank by its name, never its FPX code.
    await expect(page.getByTestId('receipt')).toContainText('FPX online banking (Maybank2U)');
    await expect(page.getByTestId('receipt')).not.toContainText('MB2U0227');
    await expectInsideViewport(page, page.getByTestId('item-amount'), 'receipt amount');
    await expectInsideViewport(page, page.getByTestId('receipt-no'), 'receipt number');
    await screenshot(page, 'receipt-390');

    await page.goto('/#/history');
    const rows = page.getByTestId('history-row').filter({ hasText: reference });
    await expect(rows).toHaveCount(3);
    await expect(rows.first().getByTestId('history-method')).toHaveText('FPX online banking (Maybank2U)');
    await expectInsideViewport(page, rows.getByTestId('item-amount'), 'history amount');
    await expectInsideViewport(page, rows.getByTestId('receipt-no'), 'history receipt number');
    await screenshot(page, 'history-390');
  });
});
