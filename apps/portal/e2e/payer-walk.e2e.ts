import { expect, test, type Page } from '@playwright/test';
import { pdfText } from '@councilpay/testing';
import {
  account,
  addToCart,
  checkout,
  freshCopyOf,
  inEnglish,
  licenceCopy,
  PAYER,
  referenceOf,
  search,
  withDatabase,
} from './support';

/**
 * What a payer still tripped over in a walk through the portal, walked again on a phone and on a desktop:
 * each of these failed before it was fixed.
 */
const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const;

/** A fresh assessment of mdpg as the benchmark generator used to write it: a balance and `details` as given. */
async function assessmentBill(balanceSen: number, details: Record<string, unknown>): Promise<string> {
  const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
  const displayNo = `A-9${digits.slice(0, 3)}-${digits.slice(3)}`;
  await withDatabase((db) =>
    db.query(
      `INSERT INTO "Payable" ("id", "councilCode", "type", "accountNo", "displayNo", "ownerName", "balanceSen", "details", "updatedAt")
       VALUES (gen_random_uuid(), 'mdpg', 'assessment', $1, $2, 'TAN AH KOW', $3, $4::jsonb, now())`,
      [displayNo.replaceAll('-', ''), displayNo, balanceSen, JSON.stringify(details)],
    ),
  );
  return displayNo;
}

/** A fresh compound of mdpg owing `balanceSen`; its printed number. */
async function compoundBill(balanceSen: number): Promise<string> {
  const digits = String(Math.floor(Math.random() * 1e5)).padStart(5, '0');
  const displayNo = `KMP-2026-8${digits}`;
  await withDatabase((db) =>
    db.query(
      `INSERT INTO "Payable" ("id", "councilCode", "type", "accountNo", "displayNo", "ownerName", "balanceSen", "details", "updatedAt")
       VALUES (gen_random_uuid(), 'mdpg', 'compound', $1, $2, 'TAN AH KOW', $3, $4::jsonb, now())`,
      [
        displayNo.replaceAll('-', ''),
        displayNo,
        balanceSen,
        JSON.stringify({ compoundType: 'individual', offence: 'Membuang sampah' }),
      ],
    ),
  );
  return displayNo;
}

/** Chooses an entry of the main menu: the top bar's on a desktop, the drawer's on a phone. */
async function menu(page: Page, phone: boolean, name: string): Promise<void> {
  if (phone) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name }).click();
  } else {
    const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name }).or(nav.getByRole('button', { name })).click();
  }
}

for (const size of SIZES) {
  test.describe(`a payer's walk on a ${size.name}`, () => {
    test.use({ viewport: size.viewport });
    test.beforeEach(async ({ page }) => {
      await inEnglish(page);
    });

    test('an assessment without an instalment breakdown is paid as its balance, by search, cart and bank', async ({
      page,
    }) => {
      const bill = await assessmentBill(28_707, {});
      await addToCart(page, { council: 'mdpg', type: 'assessment', accountNo: bill });
      await page.goto('/#/cart');
      await expect(page.getByTestId('cart-item-amount')).toHaveText('Amount to pay: RM 287.07');
      await expect(page.getByTestId('cart-checkout')).toBeEnabled();

      await checkout(page, { fpx: 'MB2U0227' });
      await expect(page.getByTestId('checkout-total')).toHaveText('RM 287.07');
      await page.getByTestId('pay-now').click();
      await page.getByRole('button', { name: 'Approve' }).click();
      await expect(page).toHaveURL(/#\/receipt\?reference=CP/);
      await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'paid');
      const balance = await withDatabase((db) =>
        db.query<{ balanceSen: number }>(`SELECT "balanceSen" FROM "Payable" WHERE "displayNo" = $1`, [bill]),
      );
      expect(balance.rows[0]?.balanceSen).toBe(0);
    });

    test('an assessment whose amounts cannot be read is refused with a reason (422), never a 500', async ({ page }) => {
      const bill = await assessmentBill(10_000, { asumYear: 2026, currentYearSen: '100.00' });
      const [found] = (await (
        await page.request.post('/api/search', { data: { council: 'mdpg', type: 'assessment', accountNo: bill } })
      ).json()) as { id: string }[];
      const refused = await page.request.post('/api/payments', {
        headers: { 'Idempotency-Key': `walk-${Date.now()}-${size.name}` },
        data: {
          items: [{ payableId: found?.id, selection: 3 }],
          payer: { name: 'Aminah binti Sapin', email: 'aminah@example.my', phone: '0123456789' },
          method: { type: 'fpx', bankId: 'MB2U0227' },
        },
      });
      expect(refused.status()).toBe(422);
      expect(await refused.json()).toMatchObject({ code: 'bill_unpriceable' });

      // In the portal: the payer is told why at the last step, and stays there with the cart kept.
      await addToCart(page, { council: 'mdpg', type: 'assessment', accountNo: bill });
      await checkout(page, { fpx: 'MB2U0227' });
      await page.getByTestId('pay-now').click();
      await expect(page.getByTestId('snackbar')).toContainText("This bill's amounts cannot be read");
      await expect(page).toHaveURL(/#\/confirmation$/);
    });

    test('ids typed as people type them are found, for every type; a wrong one says which field to check', async ({
      page,
    }) => {
      await page.goto('/#/search');
      const result = page.getByTestId('search-result').first();
      for (const [bill, shown] of [
        [{ council: 'mps', type: 'tenancy', accountNo: 'Kd-8' }, 'KD 8'],
        [{ council: 'mdpg', type: 'booking', accountNo: 'bk 2026 00017' }, 'BK-2026-00017'],
        [{ council: 'mdpg', type: 'market_bill', accountNo: 'mb0012' }, 'MB-0012'],
        // Filed under BUILDING, looked for under LAND, typed with dashes.
        [{ council: 'mdpg', type: 'engineering', planType: 'LAND', accountNo: 'jk-bui-2026-0103' }, 'JK/BUI/2026/0103'],
      ] as const) {
        await search(page, bill);
        await expect(result, bill.accountNo).toContainText(shown);
        await expect(page.getByTestId('search-account-no')).toHaveValue('');
      }

      // The hint shows the format of the type's bills.
      const form = page.getByTestId('search-form');
      await form.getByTestId('search-type').selectOption('booking');
      await expect(form).toContainText('Example: BK-2026-00017');

      await search(page, { council: 'mdpg', type: 'compound', accountNo: 'KMP-2026-999999' });
      const check =
        'Not Found! Check the Account no. as printed on the bill (it looks like KMP-2026-000101) and that the bill is from Penampang District Council.';
      await expect(page.getByTestId('snackbar')).toContainText(check);
      await expect(form).toContainText(check);
      await expect(page.getByTestId('search-account-no')).toHaveAttribute('aria-invalid', 'true');
    });

    test('market bills are offered only where the council takes them', async ({ page }) => {
      await page.goto('/#/search');
      const form = page.getByTestId('search-form');
      const types = form.getByTestId('search-type').locator('option');
      await form.getByTestId('search-council').selectOption('mdpg');
      await expect(types).toHaveCount(9);
      await form.getByTestId('search-type').selectOption('market_bill');
      // A council without a market: no market bills offered, and the type chosen gives way.
      await form.getByTestId('search-council').selectOption('mdld');
      await expect(types).toHaveCount(8);
      await expect(form.getByTestId('search-type').locator('option[value="market_bill"]')).toHaveCount(0);
      await expect(form.getByTestId('search-type')).toHaveValue('assessment');
      const councils = await (await page.request.get('/api/councils')).json();
      const withMarket = (councils as { code: string; payableTypes: string[] }[])
        .filter((c) => c.payableTypes.includes('market_bill'))
        .map((c) => c.code);
      expect(withMarket.length).toBeLessThan(24);
      expect(withMarket).toContain('mdpg');
    });

    test("FPX's limits are said at the cart and the method choice, before the bank step", async ({ page }) => {
      await addToCart(page, { council: 'mdpg', type: 'compound', accountNo: await compoundBill(3_000_001) });
      await page.goto('/#/cart');
      const notice = page.getByTestId('fpx-limit-notice');
      await expect(notice).toContainText(
        'Your total of RM 30,000.01 is more than FPX online banking takes in one payment (RM 30,000.00). Pay by card, or split the cart',
      );
      await page.getByTestId('cart-checkout').click();
      await page.getByLabel('Full name').fill('Aminah binti Sapin');
      await page.getByLabel('E-mail').fill('aminah.sapin@example.my');
      await page.getByLabel('Phone number').fill('012 345 6789');
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page).toHaveURL(/#\/payment_information$/);
      await expect(page.getByTestId('fpx-limits')).toHaveText('From RM 1.00 to RM 30,000.00 in one payment.');
      await expect(page.getByLabel('FPX online banking')).toBeDisabled();
      await expect(page.getByLabel('Credit or debit card')).toBeChecked();
      await expect(page.getByTestId('fpx-limit-notice')).toContainText('Pay by card');

      // Too little for FPX: said too.
      await page.goto('/#/cart');
      await page.getByTestId('cart-remove').first().click();
      await expect(page.getByTestId('cart-item')).toHaveCount(0);
      await addToCart(page, { council: 'mdpg', type: 'compound', accountNo: await compoundBill(50) });
      await page.goto('/#/cart');
      await expect(page.getByTestId('fpx-limit-notice')).toContainText(
        'Your total of RM 0.50 is less than FPX online banking takes in one payment (at least RM 1.00).',
      );
    });

    test("the licence print page is linked from the menu, the profile, the history and a paid licence's receipt", async ({
      page,
    }) => {
      const phone = size.name === 'phone';
      const { email, password } = await account();
      await page.goto('/#/');
      await menu(page, phone, 'Login');
      const dialog = page.getByRole('dialog', { name: 'Login to your account' });
      await dialog.getByLabel('E-mail').fill(email);
      await dialog.getByLabel(/^Password/).fill(password);
      await dialog.getByRole('button', { name: 'Login' }).click();
      await expect(dialog).toBeHidden();

      await menu(page, phone, 'My licences');
      await expect(page).toHaveURL(/#\/pdf$/);
      await page.goto('/#/profile');
      await page.getByRole('link', { name: 'My licences' }).click();
      await expect(page).toHaveURL(/#\/pdf$/);

      const licence = await licenceCopy();
      await addToCart(page, { council: 'mdpg', type: 'trading_license', accountNo: licence.displayNo });
      await checkout(page, { fpx: 'MB2U0227' }, { name: 'Peniaga Ujian', email, phone: '0123456789' });
      await page.getByTestId('pay-now').click();
      await page.getByRole('button', { name: 'Approve' }).click();
      await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'paid');
      await page.getByTestId('licence-print-link').click();
      await expect(page).toHaveURL(/#\/pdf$/);
      await page.goto('/#/history');
      await page.getByTestId('licence-print-link').click();
      await expect(page).toHaveURL(/#\/pdf$/);

      // Its status in words, in each language (was the raw "active").
      const card = page.locator(`[data-testid="licence-card"][data-reference="${licence.reference}"]`);
      await expect(card).toContainText('Status: Active');
      await page.evaluate(() => window.localStorage.setItem('language', 'ms'));
      await page.reload();
      await expect(card).toContainText('Aktif');
      await expect(card).not.toContainText('active');
      await page.evaluate(() => window.localStorage.setItem('language', 'en'));

      // The verify page of its code: the council, the holder and the validity as the paper prints them.
      const pdf = await page.request.get(`/api/licences/${licence.reference}.pdf`);
      expect(pdf.status()).toBe(200);
      const link = /\/URI \(([^)]+)\)/.exec((await pdf.body()).toString('latin1'))?.[1] ?? '';
      expect(link).toContain('/#/verify?t=');
      await page.goto(link.slice(link.indexOf('/#/')));
      await page.reload();
      await expect(page.getByTestId('verify-verdict')).toHaveAttribute('data-verdict', 'authentic');
      // Signed in, the portal keeps the language last chosen (Malay here).
      await expect(page.getByTestId('verify-council')).toHaveText(
        /^(Penampang District Council|Majlis Daerah Penampang)$/,
      );
      await expect(page.getByTestId('verify-holder')).toHaveText(/^KED\S*\*/);
      await expect(page.getByTestId('verify-paid-until')).toHaveText(/^\d{2}\/\d{4}$/);
    });

    test("no dead ends: a bad reset link offers a new one; back from the bank finds the payment just made, never a stranger's", async ({
      page,
      browser,
    }) => {
      await page.goto('/#/reset_password?id=not-a-real-request');
      const refused = page.getByTestId('reset-refused');
      await expect(refused).toContainText('Send a new link to your e-mail');
      await refused.getByRole('button', { name: 'Send a new link' }).click();
      const forgot = page.getByRole('dialog', { name: 'Forgot password' });
      await expect(forgot).toBeVisible();
      // Closing "forgot password" returns to the login dialog; a fresh page has neither.
      await page.goto('/#/');
      await page.reload();
      await expect(forgot).toBeHidden();

      const bill = await freshCopyOf('KMP-2026-000106');
      await addToCart(page, { council: 'mdpg', type: 'compound', accountNo: bill });
      await checkout(page, { fpx: 'MB2U0227' });
      await page.getByTestId('pay-now').click();
      await expect(page.getByRole('button', { name: 'Approve' })).toBeVisible();
      await page.goBack();
      await expect(page).toHaveURL(/#\/confirmation$/);
      const waiting = page.getByTestId('own-waiting-payment');
      await expect(waiting).toContainText(/Your payment CP[A-Z0-9]{20} for these bills was started/);
      const reference = /CP[A-Z0-9]{20}/.exec((await waiting.textContent()) ?? '')?.[0] ?? '';
      await page.reload();
      await expect(page.getByTestId('own-waiting-payment')).toContainText(reference);
      await page.getByTestId('pay-now').click();
      const question = page.getByTestId('payment-question');
      await expect(question).toContainText(`Earlier payment: ${reference}`);
      await question.getByRole('link', { name: 'Check earlier payment' }).click();
      await expect(page).toHaveURL(new RegExp(`#/receipt\\?reference=${reference}$`));

      // A stranger paying the same bill is warned that another payment waits, and never sees its reference.
      const other = await browser.newContext({ viewport: size.viewport });
      const stranger = await other.newPage();
      await inEnglish(stranger);
      await addToCart(stranger, { council: 'mdpg', type: 'compound', accountNo: bill });
      await checkout(
        stranger,
        { fpx: 'MB2U0227' },
        { name: 'Orang Lain', email: 'orang.lain@example.my', phone: '0198765432' },
      );
      await stranger.getByTestId('pay-now').click();
      const warned = stranger.getByTestId('payment-question');
      await expect(warned).toContainText('Another payment for these bills is waiting');
      await expect(warned).not.toContainText(reference);
      await expect(stranger.getByTestId('own-waiting-payment')).toHaveCount(0);
      await other.close();
    });

    test("a council's own address: /mps is Sandakan's portal through search, cart and receipt; no address is JSON", async ({
      page,
    }) => {
      const title = page.getByTestId('app-bar-title');
      await page.goto('/mps');
      await expect(title).toHaveText('Sandakan Municipal Council');
      // The search starts at the address's council, offering only what it takes (it runs a market).
      await page.goto('/mps#/search');
      const form = page.getByTestId('search-form');
      await expect(form.getByTestId('search-council')).toHaveValue('mps');
      await form.getByTestId('search-type').selectOption('market_bill');
      const bill = await freshCopyOf('MB-SDK-0301');
      await form.getByTestId('search-account-no').fill(bill);
      await form.getByRole('button', { name: 'Search' }).click();
      await page.getByTestId('search-result').first().getByRole('button', { name: 'Add to cart' }).click();
      await page.goto('/mps#/cart');
      await expect(page.getByTestId('cart-item')).toContainText(bill);
      await checkout(page, { fpx: 'MB2U0227' }, PAYER, '/mps');
      // Every step of the checkout kept the address, and its title.
      expect(new URL(page.url()).pathname).toBe('/mps');
      await expect(title).toHaveText('Sandakan Municipal Council');
      await page.getByTestId('pay-now').click();
      await page.getByRole('button', { name: 'Approve' }).click();
      await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'paid');
      await expect(title).toHaveText('Sandakan Municipal Council');

      // The address with a slash is sent to the one without (the page's files are relative to it).
      await page.goto('/mps/');
      expect(new URL(page.url()).pathname).toBe('/mps');
      await expect(title).toHaveText('Sandakan Municipal Council');
      // An address that is no council's is the portal's not-found page, in the shell, not JSON.
      const unknown = await page.goto('/mpsx');
      expect(unknown?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page could not be found');
      await expect(page.getByTestId('app-bar-title')).toBeVisible();
      // The default council is the portal's at its root address.
      await page.goto('/');
      await expect(title).toHaveText('Penampang District Council');
    });

    test("a card names its bank, from the card form's list: required before Continue, shown on the receipt", async ({
      page,
    }) => {
      await addToCart(page, { council: 'mdpg', type: 'compound', accountNo: await compoundBill(2_500) });
      await page.goto('/#/cart');
      await page.getByTestId('cart-checkout').click();
      await page.getByLabel('Full name').fill(PAYER.name);
      await page.getByLabel('E-mail').fill(PAYER.email);
      await page.getByLabel('Phone number').fill(PAYER.phone);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByLabel('Credit or debit card').check();
      await page.getByLabel('Mastercard').check();
      // The card's bank: a labelled list of the 16 banks, Affin through RHB, required before Continue.
      const bank = page.getByLabel("Card's bank");
      await expect(bank).toBeVisible();
      const names = await bank.locator('option').allTextContents();
      expect(names).toHaveLength(17);
      expect(names.slice(1, 2).concat(names.slice(-1))).toEqual(['Affin Bank', 'RHB Bank']);
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page).toHaveURL(/#\/payment_information$/);
      await expect(bank).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByText("Choose your card's bank").last()).toBeVisible();
      await bank.selectOption({ label: 'Public Bank' });
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page).toHaveURL(/#\/confirmation$/);
      await expect(page.getByText('Mastercard (Public Bank)')).toBeVisible();

      await page.getByTestId('pay-now').click();
      await page.getByLabel('Card number').fill('5555 5555 5555 4444');
      await page.getByLabel('Name on card').fill('AMINAH BINTI SAPIN');
      await page.getByLabel('Month').selectOption('12');
      await page.getByLabel('Year').selectOption(String(new Date().getFullYear() + 2));
      await page.getByLabel('Security code (CVV)').fill('123');
      await page.getByRole('button', { name: /^Pay RM/ }).click();
      await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'paid');
      await expect(page.getByText('Mastercard (Public Bank)')).toBeVisible();
      // The receipt's PDF names it as the card's bank.
      const pdf = await page.request.get(`/api/payments/${referenceOf(page)}/receipt.pdf?lang=en`);
      expect(pdf.status()).toBe(200);
      const text = (await pdfText(await pdf.body())).replace(/\s+/g, '');
      expect(text).toContain("Card'sbankPublicBank");
    });

    test('words: a failed payment is no receipt, a card refusal has no "(code 0)", the council title is whole', async ({
      page,
    }) => {
      await addToCart(page, { council: 'mdpg', type: 'compound', accountNo: await compoundBill(4_500) });
      await checkout(page, { card: 'Visa' });
      await page.getByTestId('pay-now').click();
      await page.getByLabel('Card number').fill('4000 0000 0000 0002');
      await page.getByLabel('Name on card').fill('AMINAH BINTI SAPIN');
      await page.getByLabel('Month').selectOption('12');
      await page.getByLabel('Year').selectOption(String(new Date().getFullYear() + 2));
      await page.getByLabel('Security code (CVV)').fill('123');
      await page.getByRole('button', { name: /^Pay RM/ }).click();
      await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'failed');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment status');
      await page.evaluate(() => window.localStorage.setItem('language', 'ms'));
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Status Bayaran');
      await expect(page.getByTestId('failure-reason')).toHaveText('Sebab: Kad ditolak');
      await page.evaluate(() => window.localStorage.setItem('language', 'en'));

      // The title bar shows the whole council name: nothing cut off.
      await page.goto('/#/');
      await page.reload();
      const title = page.getByTestId('app-bar-title');
      await expect(title).toHaveText(/^(Penampang District Council|Majlis Daerah Penampang)$/);
      const cut = await title.evaluate(
        (el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1,
      );
      expect(cut).toBe(false);
    });
  });
}
