import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import type { Language } from '@councilpay/domain';
import { CSS_COLOURED_SVG_LOGO, isLogoGreen, pdfText, printedLogoColour } from '@councilpay/testing';
import {
  account,
  addToCart,
  checkout,
  freshCopyOf,
  inEnglish,
  inLanguage,
  licenceCopy,
  portalText,
  referenceOf,
  simulator,
  withDatabase,
} from './support';

test.describe('documents a payer keeps and an officer checks', () => {
  test.beforeEach(async ({ page }) => {
    await inEnglish(page);
  });

  test('download the receipt PDF from the receipt page, then check its code on /#/verify', async ({ page }) => {
    await addToCart(page, { council: 'mdpg', type: 'compound', accountNo: await freshCopyOf('KMP-2026-000106') });
    await checkout(page, { fpx: 'MB2U0227' });
    await page.getByTestId('pay-now').click();
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page).toHaveURL(/#\/receipt\?reference=CP/);
    await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'paid');
    const reference = referenceOf(page);
    const receiptNo = (await page.getByTestId('receipt-no').first().textContent())?.trim() ?? '';
    expect(receiptNo).toMatch(/^MDPG-/);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download receipt (PDF)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`receipt-${reference}.pdf`);
    const pdf = readFileSync(await download.path());
    const text = (await pdfText(pdf)).replace(/\s+/g, '');
    for (const expected of ['Official receipt', reference, receiptNo, 'Aminah binti Sapin'])
      expect(text).toContain(expected.replace(/\s+/g, ''));

    // What a phone's camera reads from the QR code is the address also linked under it.
    const link = /\/URI \(([^)]+)\)/.exec(pdf.toString('latin1'))?.[1] ?? '';
    expect(link).toContain('/#/verify?t=');
    const scanned = link.slice(link.indexOf('/#/'));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(scanned);
    const verdict = page.getByTestId('verify-verdict');
    await expect(verdict).toHaveAttribute('data-verdict', 'authentic');
    await expect(page.getByTestId('page-verify')).toContainText(reference);
    await expect(page.getByTestId('page-verify')).toContainText(receiptNo);
    await expect(page.getByTestId('verify-refund')).toHaveCount(0);

    // RM 1.00 refunded since it was issued: still authentic, and the refund said on a line of its own.
    await withDatabase((db) =>
      db.query(
        `INSERT INTO "Refund" ("id", "paymentId", "amountSen", "reason", "staffId", "staffEmail", "refundedAt")
         SELECT gen_random_uuid(), "id", 100, 'e2e', 'e2e', 'e2e@example.my', now() FROM "Payment" WHERE "reference" = $1`,
        [reference],
      ),
    );
    await page.reload();
    await expect(verdict).toHaveAttribute('data-verdict', 'authentic');
    await expect(page.getByTestId('verify-refund')).toHaveAttribute('data-refund', 'partial');
    await expect(page.getByTestId('verify-refund')).toContainText(/RM 1\.00 of RM [\d,.]+ was refunded after/);

    // One character changed in the code: refused as altered.
    const token = new URL(scanned.replace('/#/', '/'), 'http://x').searchParams.get('t') ?? '';
    const at = token.indexOf('.') - 3;
    const altered = token.slice(0, at) + (token[at] === 'A' ? 'B' : 'A') + token.slice(at + 1);
    await page.goto(`/#/verify?t=${altered}`);
    await expect(verdict).toHaveAttribute('data-verdict', 'altered');
  });

  test('a signed-in payer pays licences and prints one from /pdf; a missing owner photo is said, not printed', async ({
    page,
    context,
  }) => {
    const { email, password } = await account();

    // Signed out, the print screen shows its notices and asks to log in.
    await page.goto('/#/pdf');
    await expect(page.getByTestId('licence-notices')).toContainText('must be displayed at the premises');
    await page.getByTestId('sign-in-required').getByRole('button', { name: 'Login' }).click();
    const dialog = page.getByRole('dialog', { name: 'Login to your account' });
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByLabel(/^Password/).fill(password);
    await dialog.getByRole('button', { name: 'Login' }).click();
    await expect(dialog).toBeHidden();

    // Pays a trading licence (owner photo on file) and a market licence (no photo).
    await addToCart(page, { council: 'mdpg', type: 'trading_license', accountNo: 'LP-2025-0001' });
    await addToCart(page, { council: 'mdpg', type: 'council_permit_license', accountNo: 'PS-2026-0033' });
    await checkout(page, { fpx: 'MB2U0227' }, { name: 'Peniaga Ujian', email, phone: '0123456789' });
    await page.getByTestId('pay-now').click();
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'paid');

    await page.goto('/#/pdf');
    const trading = page.locator('[data-testid="licence-card"][data-reference="MDPG-LP-0001"]');
    const market = page.locator('[data-testid="licence-card"][data-reference="MDPG-PS-0033"]');
    await expect(trading).toContainText('Trading Licence');
    await expect(market.getByTestId('licence-blocked')).toHaveText(
      'Unable to print due to owner photo not found. Please check with license department.',
    );
    await expect(market.getByRole('button', { name: 'Print' })).toHaveCount(0);

    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      trading.getByRole('button', { name: 'Print' }).click(),
    ]);
    expect(popup.url()).toMatch(/^blob:/);
    await popup.close();

    // The document printed is the stored digital licence.
    const res = await page.request.get('/api/licences/MDPG-LP-0001.pdf');
    expect(res.status()).toBe(200);
    const text = (await pdfText(await res.body())).replace(/\s+/g, '');
    for (const expected of ['Lesen Perniagaan', 'LP-2025-0001', 'KEDAI KOPI HUP SENG'])
      expect(text).toContain(expected.replace(/\s+/g, ''));
  });

  test('a pending payment turns paid on the open receipt page, told by the event stream: no reload, no fetch', async ({
    page,
  }) => {
    // Record every status event the page's stream delivers (the page itself only reacts to them).
    await page.addInitScript(() => {
      const told: string[] = [];
      (window as unknown as { __told: string[] }).__told = told;
      const Native = window.EventSource;
      window.EventSource = class extends Native {
        constructor(url: string | URL, init?: EventSourceInit) {
          super(url, init);
          this.addEventListener('status', (event) => told.push((event as MessageEvent<string>).data));
        }
      };
    });
    await addToCart(page, { council: 'mdpg', type: 'compound', accountNo: await freshCopyOf('KMP-2026-000103') });
    await checkout(page, { fpx: 'MB2U0227' });
    await page.getByTestId('pay-now').click();
    await page.getByRole('button', { name: 'Leave pending (09)' }).click();
    await expect(page).toHaveURL(/#\/receipt\?reference=CP/);
    const status = page.getByTestId('payment-status');
    await expect(status).toHaveAttribute('data-status', 'pending');
    const payment = (await (await page.request.get(`/api/payments/${referenceOf(page)}`)).json()) as {
      invoiceNo: string;
    };
    // The page's stream is open before the bank answers.
    await page.waitForTimeout(1_000);

    let navigations = 0;
    page.on('framenavigated', () => (navigations += 1));
    const toldBefore = await page.evaluate(() => (window as unknown as { __told: string[] }).__told.length);
    // The simulator approves and sends the direct callback; its call returns once the API has answered it.
    await simulator(`/sim/fpx/${payment.invoiceNo}/settle`, { action: 'approve', sendDirect: true });
    const answered = Date.now();
    await expect(status).toHaveAttribute('data-status', 'paid');
    // The time is a figure, printed (a loaded machine stretches it); the test holds the mechanism: the open
    // stream told the page of the approval, and the page changed without a reload.
    console.info(`receipt page: paid shown ${Date.now() - answered} ms after the API answered the approval`);
    expect(navigations).toBe(0);
    const told = await page.evaluate(() => (window as unknown as { __told: string[] }).__told);
    expect(told.slice(toldBefore).join(' '), 'the stream told the page of the approval').toContain('paid');
  });
});

/** The screens a payer keeps documents from: a phone's and a desktop's. */
const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const;

/** Labels and the title of a trading licence in each language; the Malay ones are the licence's own text. */
const LICENCE_LABELS = {
  ms: ['Lesen digital', 'Lesen Perniagaan', 'No. lesen', 'Pemegang lesen', 'Sah hingga', 'Pegawai pelesenan'],
  en: ['Digital licence', 'Trading Licence', 'Licence no.', 'Licence holder', 'Valid until', 'Licensing officer'],
  zh: ['数码执照', '贸易执照', '执照号码', '执照持有人', '有效期至', '执照官员'],
} as const;

/** The line a licence printed with a translation carries: the Malay text prevails, said in Malay and beside it. */
const MALAY_PREVAILS = {
  ms: 'Sekiranya terdapat perbezaan antara teks, teks Bahasa Melayu hendaklah diguna pakai.',
  en: 'Should the texts differ, the Malay text prevails.',
  zh: '如文本有出入，以马来文文本为准。',
} as const;

const squash = (text: string) => text.replace(/\s+/g, '');

/** Signs in from the licence print screen (/pdf) with its own Login button; the portal in `language`. */
async function signInOnPrintScreen(
  page: Page,
  language: Language,
  payer: { email: string; password: string },
): Promise<void> {
  const text = (key: Parameters<typeof portalText>[1]) => portalText(language, key);
  await page.goto('/#/pdf');
  await page
    .getByTestId('sign-in-required')
    .getByRole('button', { name: text('shell.login') })
    .click();
  const dialog = page.getByRole('dialog', { name: text('auth.login_title') });
  await dialog.getByLabel(text('common.email')).fill(payer.email);
  await dialog.getByLabel(new RegExp(`^${text('common.password')}`)).fill(payer.password);
  await dialog.getByRole('button', { name: text('auth.login_button') }).click();
  await expect(dialog).toBeHidden();
}

/** Pays a licence by search, cart and FPX, the bank approving; ends on the paid receipt page. */
async function payLicence(
  page: Page,
  language: Language,
  licence: { council: string; displayNo: string },
  email: string,
): Promise<void> {
  await addToCart(page, { council: licence.council, type: 'trading_license', accountNo: licence.displayNo }, language);
  await checkout(page, { fpx: 'MB2U0227' }, { name: 'Peniaga Ujian', email, phone: '0123456789' }, '/', language);
  await page.getByTestId('pay-now').click();
  // The bank's page (the gateway simulator) speaks English whatever the portal's language.
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/#\/receipt\?reference=CP/);
  await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'paid');
}

/**
 * From the receipt page to the licence print screen by its link, then the licence card's Print button, as the
 * payer prints: the PDF the page was sent (read on its way to the page) and opened in a new tab.
 */
async function printLicence(page: Page, language: Language, reference: string): Promise<Buffer> {
  await page.getByTestId('licence-print-link').click();
  await expect(page).toHaveURL(/#\/pdf$/);
  const isLicencePdf = (url: URL) => url.pathname === `/api/licences/${reference}.pdf`;
  let sent: (pdf: Buffer) => void = () => undefined;
  const received = new Promise<Buffer>((resolve) => (sent = resolve));
  await page.route(isLicencePdf, async (route) => {
    const response = await route.fetch();
    sent(await response.body());
    await route.fulfill({ response });
  });
  const card = page.locator(`[data-testid="licence-card"][data-reference="${reference}"]`);
  const [response, tab] = await Promise.all([
    page.waitForResponse((answer) => isLicencePdf(new URL(answer.url()))),
    page.context().waitForEvent('page'),
    card.getByRole('button', { name: portalText(language, 'documents.print') }).click(),
  ]);
  expect(response.status()).toBe(200);
  await tab.close();
  await page.unroute(isLicencePdf);
  return received;
}

for (const size of SIZES) {
  test.describe(`the licence a payer prints, on a ${size.name}`, () => {
    test.use({ viewport: size.viewport });

    for (const [language, name] of [
      ['en', 'English'],
      ['zh', 'Chinese'],
    ] as const) {
      test(`read in ${name}: each label in Malay with ${name} beside it, and a line saying the Malay text prevails`, async ({
        page,
      }) => {
        await inLanguage(page, language);
        const payer = await account();
        const licence = await licenceCopy();
        await signInOnPrintScreen(page, language, payer);
        await payLicence(page, language, { council: 'mdpg', ...licence }, payer.email);
        const text = squash(await pdfText(await printLicence(page, language, licence.reference)));

        expect(text).toContain(squash(licence.displayNo));
        LICENCE_LABELS.ms.forEach((malay, i) => {
          const label = `${malay} / ${LICENCE_LABELS[language][i]}`;
          expect(text, label).toContain(squash(label));
        });
        expect(text, 'the Malay text prevails').toContain(squash(`${MALAY_PREVAILS.ms}\n${MALAY_PREVAILS[language]}`));
      });
    }

    test('read in Malay: Malay alone, no line on which text prevails', async ({ page }) => {
      await inLanguage(page, 'ms');
      const payer = await account();
      const licence = await licenceCopy();
      await signInOnPrintScreen(page, 'ms', payer);
      await payLicence(page, 'ms', { council: 'mdpg', ...licence }, payer.email);
      const text = squash(await pdfText(await printLicence(page, 'ms', licence.reference)));

      expect(text).toContain(squash(licence.displayNo));
      for (const label of LICENCE_LABELS.ms) expect(text, label).toContain(squash(label));
      for (const other of [...LICENCE_LABELS.en, ...LICENCE_LABELS.zh])
        expect(text, other).not.toContain(squash(other));
      expect(text).not.toContain(squash(MALAY_PREVAILS.ms));
    });

    test("the receipt and the licence the payer keeps print the council's logo in its colours", async ({ page }) => {
      // A council whose logo was stored as an SVG coloured with CSS (before logos were stored as PNGs); mpp's
      // documents are printed by no other journey.
      await withDatabase((db) =>
        db.query(`UPDATE "Council" SET "logoImage" = $1 WHERE "code" = 'mpp'`, [CSS_COLOURED_SVG_LOGO]),
      );
      await inEnglish(page);
      const payer = await account();
      const licence = await licenceCopy('mpp');
      await signInOnPrintScreen(page, 'en', payer);
      await payLicence(page, 'en', { council: 'mpp', ...licence }, payer.email);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download receipt (PDF)' }).click(),
      ]);
      const receiptLogo = await printedLogoColour(readFileSync(await download.path()));
      expect(isLogoGreen(receiptLogo), `the receipt's logo printed rgb(${receiptLogo.join(', ')})`).toBe(true);

      const licenceLogo = await printedLogoColour(await printLicence(page, 'en', licence.reference));
      expect(isLogoGreen(licenceLogo), `the licence's logo printed rgb(${licenceLogo.join(', ')})`).toBe(true);
    });
  });
}
