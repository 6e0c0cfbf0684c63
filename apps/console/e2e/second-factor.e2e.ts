import { expect, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { enrol, freshTotpCode, makeStaff, password, signIn, STAFF } from './support';

test('a staff member enrols at the first sign-in, then signs in with a code or a recovery code; _admin resets it', async ({
  browser,
}) => {
  const email = `staff.${randomUUID().slice(0, 8)}@e2e.councilpay.my`;
  const staffId = await makeStaff(email);

  // First sign-in: the password, then enrolment.
  const first = await browser.newPage();
  await password(first, email);
  const { secret, recoveryCodes } = await enrol(first, email);
  await first.close();

  // A later sign-in asks for the code: a wrong one is refused with words, the app's code lets them in.
  const later = await browser.newPage();
  await password(later, email);
  await expect(later.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible({ timeout: 20_000 });
  await later.getByLabel(/^Authentication code/).fill('000000');
  await later.getByRole('button', { name: 'Verify' }).click();
  await expect(later.getByText('That code is not right, or it was used already.', { exact: false })).toBeVisible();
  await later.getByLabel(/^Authentication code/).fill(await freshTotpCode(email, secret));
  await later.getByRole('button', { name: 'Verify' }).click();
  await expect(later.getByTestId('dashboard-pending')).toBeVisible({ timeout: 20_000 });
  await later.close();

  // A lost phone: a recovery code instead.
  const recovery = await browser.newPage();
  await password(recovery, email);
  await recovery.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await recovery.getByLabel(/^Recovery code/).fill(recoveryCodes[0]);
  await recovery.getByRole('button', { name: 'Verify' }).click();
  await expect(recovery.getByTestId('dashboard-pending')).toBeVisible({ timeout: 20_000 });
  await recovery.close();

  // _admin resets it from the users screen, after a confirmation.
  const admin = await browser.newPage();
  await signIn(admin, STAFF.admin);
  await admin.goto(`/console/#/users/${staffId}`);
  await expect(admin.getByTestId('second-factor-status')).toHaveText('On');
  await admin.getByRole('button', { name: 'Reset second factor' }).click();
  const dialog = admin.getByRole('dialog');
  await expect(dialog).toContainText(email);
  await dialog.getByRole('button', { name: 'Reset second factor' }).click();
  await expect(admin.getByText(`The second factor of ${email} was reset.`)).toBeVisible();
  await expect(admin.getByTestId('second-factor-status')).toHaveText('Off: set up at the next sign-in');
  await admin.close();

  // So the next sign-in enrols again.
  const again = await browser.newPage();
  await password(again, email);
  const renewed = await enrol(again, email);
  expect(renewed.secret).not.toBe(secret);
  await again.close();
});
