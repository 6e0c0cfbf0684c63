import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { CSS_COLOURED_SVG_LOGO, isLogoGreen, printedLogoColour } from '@councilpay/testing';
import { seriousViolations } from '../../../tools/e2e-axe';
import { paidEarlier, signIn, STAFF, storeCouncilLogo } from './support';

/** A Malaysian day (UTC+8) `days` from today, YYYY-MM-DD. */
const malaysiaDay = (days: number) =>
  new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

test.describe("the day's close in the console", () => {
  test('a council admin reads a past day, signs it off after confirming, and downloads its report', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    // A day of its own (far from any other journey's), with one mdpg payment of RM 123.45 on it.
    const day = malaysiaDay(-400 - Math.floor(Math.random() * 300));
    const reference = await paidEarlier('mdpg', new Date(`${day}T10:30:00+08:00`));
    await signIn(page, STAFF.mdpgAdmin);
    await page.getByRole('menuitem', { name: 'Day close' }).click();
    await page.goto(`/console/#/day-close?council=mdpg&day=${day}`);

    const close = page.getByTestId('day-close');
    await expect(close).toHaveAttribute('data-signed', 'no');
    await expect(page.getByTestId('day-close-status')).toHaveText('Not signed off');
    const paid = page.getByTestId('day-close-figures').locator('[data-figure="paidSen"]');
    await expect(paid).toContainText('RM 123.45');
    await expect(page.getByTestId('day-close-check')).toContainText(
      'Check: paid RM 123.45 = credited RM 123.45 + owed back RM 0.00.',
    );
    expect(await seriousViolations(page), 'day close').toEqual([]);

    // Signed only after a confirmation that says what signing means.
    await page.getByRole('button', { name: 'Sign the day off' }).click();
    const dialog = page.getByRole('dialog', { name: `Sign ${day.split('-').reverse().join('/')} off for mdpg?` });
    await expect(dialog).toContainText('These figures will be kept as they are now.');
    expect(await seriousViolations(page), 'sign dialog').toEqual([]);
    await dialog.getByRole('button', { name: 'Sign the day off' }).click();
    await expect(page.getByText('The day is signed off.')).toBeVisible();
    await expect(close).toHaveAttribute('data-signed', 'yes');
    await expect(page.getByTestId('day-close-status')).toContainText(`Signed off by ${STAFF.mdpgAdmin}`);
    await expect(page.getByRole('button', { name: 'Sign the day off' })).toHaveCount(0);

    // The report as a file: CSV with the signed figures.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`day-close-mdpg-${day}.csv`);
    const csv = readFileSync((await download.path()) as string, 'utf8');
    expect(csv).toContain('Paid,123.45,0.00,123.45');
    expect(csv).toContain(`Signed off by ${STAFF.mdpgAdmin}`);
    const pdf = await page.request.get(`/api/admin/day-close/mdpg/${day}/report.pdf?lang=en`);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    // The payment behind the figure.
    const list = await page.request.get(`/api/admin/payments?council=mdpg&paidFrom=${day}&paidTo=${day}`);
    expect(((await list.json()) as { reference: string }[]).map((p) => p.reference)).toEqual([reference]);
  });
});

/** The screens staff keep the day's close from: a phone's and a desktop's. */
const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1440, height: 1000 } },
] as const;

for (const size of SIZES) {
  test.describe(`the day close's PDF, kept on a ${size.name}`, () => {
    test.use({ viewport: size.viewport });

    test("prints the council's logo in its colours, a logo stored as an SVG coloured with CSS too", async ({
      page,
    }) => {
      // Stored before logos were stored as PNGs; mpp's documents are printed by no other journey.
      await storeCouncilLogo('mpp', CSS_COLOURED_SVG_LOGO);
      const day = malaysiaDay(-400 - Math.floor(Math.random() * 300));
      await paidEarlier('mpp', new Date(`${day}T10:30:00+08:00`));
      await signIn(page, STAFF.admin);
      await page.goto(`/console/#/day-close?council=mpp&day=${day}`);
      // The day's report shown, its downloads with it.
      await expect(page.getByTestId('day-close-figures').locator('[data-figure="paidSen"]')).toContainText('RM');

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Download PDF' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`day-close-mpp-${day}.pdf`);
      const logo = await printedLogoColour(readFileSync(await download.path()));
      expect(isLogoGreen(logo), `the day close's logo printed rgb(${logo.join(', ')})`).toBe(true);
    });
  });
}
