import { expect, test, type Browser, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { paidPayment, signIn, signInFirstTime, sinkMessagesTo, STAFF } from './support';

/** The invitation link of the email the sink holds for this address (the worker sends it shortly). */
async function invitationLink(email: string): Promise<string> {
  let body = '';
  await expect
    .poll(async () => {
      body = (await sinkMessagesTo(email, 'staff_invitation')).at(-1)?.body ?? '';
      return body;
    })
    .toContain('/console/#/invitation/');
  const link = /https?:\/\/\S+\/console\/#\/invitation\/[\w-]+/.exec(body)?.[0];
  expect(link).toBeDefined();
  const url = new URL(link!);
  return `${url.pathname}${url.hash}`;
}

/** Opens the emailed link in a browser of its own (no session), sets a name and a password, and accepts. */
async function accept(browser: Browser, email: string, fullName: string): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(() => window.localStorage.setItem('RaStore.locale', '"en"'));
  await page.goto(await invitationLink(email));
  await expect(page.getByTestId('invitation-offer')).toContainText(email);
  await page.getByTestId('invitation-name').fill(fullName);
  await page.getByTestId('invitation-password').fill(STAFF.password);
  await page.getByTestId('invitation-confirm').fill(STAFF.password);
  await page.getByTestId('invitation-accept').click();
  await expect(page.getByTestId('invitation-accepted')).toBeVisible();
  await context.close();
}

async function invite(page: Page, email: string, role: string): Promise<void> {
  await page.getByTestId('invite-email').fill(email);
  await page.getByLabel('Role', { exact: true }).click();
  await page.getByRole('option', { name: role, exact: true }).click();
  await page.getByTestId('invite-send').click();
  await expect(page.getByTestId('invitation-row').filter({ hasText: email })).toContainText('Waiting');
}

test.describe('council staff of their own', () => {
  test('a council admin invites an officer and a viewer; each accepts from the emailed link and sees only what the role may use', async ({
    page,
    browser,
  }) => {
    // Two invitations through the worker's outbox, three sessions: more than a minute on a loaded machine.
    test.setTimeout(240_000);
    const payment = await paidPayment(page.request, 'mdpg');
    const officer = `officer.${randomUUID().slice(0, 8)}@mdpg.example.my`;
    const viewer = `viewer.${randomUUID().slice(0, 8)}@mdpg.example.my`;

    await signIn(page, STAFF.mdpgAdmin);
    await page.getByRole('menuitem', { name: 'Staff', exact: true }).click();
    await invite(page, officer, 'Council officer');
    await invite(page, viewer, 'Council viewer');
    await accept(browser, officer, 'Pegawai Kewangan');
    await accept(browser, viewer, 'Pemerhati Kewangan');
    await page.reload();
    await expect(page.getByTestId('invitation-row').filter({ hasText: officer })).toContainText('Accepted');
    await expect(page.getByTestId('staff-row').filter({ hasText: officer })).toContainText('Council officer');

    // The officer works payments: requery and refund, but never approves, signs, or manages staff.
    const officerContext = await browser.newContext();
    const officerPage = await officerContext.newPage();
    await signInFirstTime(officerPage, officer);
    await expect(officerPage.getByRole('menuitem', { name: 'Staff', exact: true })).toHaveCount(0);
    await officerPage.goto(`/console/#/payments/${payment.reference}/show`);
    await expect(officerPage.getByTestId('payment-status')).toHaveAttribute('data-status', 'paid');
    await expect(officerPage.getByRole('button', { name: 'Requery now' })).toBeVisible();
    await expect(officerPage.getByRole('button', { name: 'Record refund' })).toBeVisible();
    await expect(officerPage.getByTestId('refund-approve')).toHaveCount(0);
    await officerPage.goto('/console/#/day-close?council=mdpg');
    await expect(officerPage.getByTestId('day-close-status')).toBeVisible();
    await expect(officerPage.getByRole('button', { name: 'Sign the day off' })).toHaveCount(0);
    await officerContext.close();

    // The viewer reads the same payment and day, with no action buttons at all.
    const viewerContext = await browser.newContext();
    const viewerPage = await viewerContext.newPage();
    await signInFirstTime(viewerPage, viewer);
    await viewerPage.goto(`/console/#/payments/${payment.reference}/show`);
    await expect(viewerPage.getByTestId('payment-status')).toHaveAttribute('data-status', 'paid');
    for (const name of ['Requery now', 'Record refund', 'Resend email', 'Resend SMS'])
      await expect(viewerPage.getByRole('button', { name })).toHaveCount(0);
    await viewerPage.goto('/console/#/day-close?council=mdpg');
    await expect(viewerPage.getByTestId('day-close-status')).toBeVisible();
    await expect(viewerPage.getByRole('button', { name: 'Sign the day off' })).toHaveCount(0);
    await viewerPage.goto('/console/#/bill-imports?council=mdpg');
    await expect(viewerPage.getByRole('button', { name: 'Upload' })).toHaveCount(0);
    await viewerContext.close();
  });
});
