import { expect, test, type Page } from '@playwright/test';
import { addToCart, checkout, inEnglish, referenceOf, withDatabase } from './support';

/**
 * The 6-digit code texted to `phone`: from the development SMS sink (SinkMessage, written by the worker),
 * or, before the worker has sent it, from the queued notification (template phone_code).
 */
async function smsCode(phone: string): Promise<string> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const code = await withDatabase(async (db) => {
      const sent = await db.query<{ body: string }>(
        `SELECT body FROM "SinkMessage" WHERE channel = 'sms' AND recipient LIKE $1 ORDER BY id DESC LIMIT 1`,
        [`%${phone.slice(-9)}`],
      );
      const fromSink = /\b(\d{6})\b/.exec(sent.rows[0]?.body ?? '')?.[1];
      if (fromSink) return fromSink;
      const queued = await db.query<{ code: string | null }>(
        `SELECT data->>'code' AS code FROM "Notification"
          WHERE template = 'phone_code' AND recipient LIKE $1 ORDER BY "createdAt" DESC LIMIT 1`,
        [`%${phone.slice(-9)}`],
      );
      return queued.rows[0]?.code ?? null;
    });
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no SMS code for ${phone}`);
}

async function logout(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/#\/$/);
  // The top bar offers login again (the page left behind may still show its own sign-in prompt while it goes).
  await expect(
    page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Login' }),
  ).toBeVisible();
}

test.describe('a registered user', () => {
  test('registers with the SMS code, pays, logs out and in, sees the payment in history, logs out', async ({
    page,
  }) => {
    await inEnglish(page);
    const suffix = `${Date.now()}`.slice(-8);
    const email = `siti.${suffix}@example.my`;
    const phone = `01${suffix}`;
    const password = 'Rahsia#2026';

    // Registration, step 1: the details; the API texts a code.
    await page.goto('/#/form');
    const form = page.getByTestId('register-form');
    await form.getByLabel('Full name').fill('Siti Nurhaliza binti Ahmad');
    await form.getByLabel('E-mail').fill(email);
    await form.getByLabel('NRIC no.').fill('900101-12-5555');
    await form.getByLabel('Phone number').fill(phone);
    await form.getByLabel(/^Password/).fill(password);
    await form.getByLabel('Confirm password').fill('something else');
    await form.getByRole('button', { name: 'Sign up' }).click();
    await expect(form).toContainText('The passwords do not match.');
    await form.getByLabel('Confirm password').fill(password);
    await form.getByRole('button', { name: 'Sign up' }).click();

    // Step 2: the code from the SMS; a wrong one first.
    const verify = page.getByTestId('verify-form');
    await expect(verify).toBeVisible();
    const code = await smsCode(phone);
    await verify.getByLabel('Verification code').fill(code === '000000' ? '111111' : '000000');
    await verify.getByRole('button', { name: 'Verify and create account' }).click();
    await expect(verify).toContainText('Invalid Code');
    await verify.getByLabel('Verification code').fill(code);
    await verify.getByRole('button', { name: 'Verify and create account' }).click();
    await expect(page).toHaveURL(/#\/$/);
    await expect(page.getByRole('button', { name: 'My profile' })).toBeVisible();

    // Signed in, checkout knows who pays.
    await addToCart(page, { council: 'mdpg', type: 'council_permit_license', accountNo: 'PJ-2026-0150' });
    await page.goto('/#/checkout');
    await expect(page.getByLabel('E-mail')).toHaveValue(email);
    await checkout(page, { fpx: 'PBB0233' }, { name: 'Siti Nurhaliza binti Ahmad', email, phone });
    await page.getByTestId('pay-now').click();
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'paid');
    const reference = referenceOf(page);

    await logout(page);

    // A failed login returns home with the dialog open and its error line.
    await page.goto('/#/faq');
    await page.getByRole('button', { name: 'Login' }).click();
    const dialog = page.getByRole('dialog', { name: 'Login to your account' });
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByLabel(/^Password/).fill('wrong password');
    await dialog.getByRole('button', { name: 'Login' }).click();
    await expect(dialog.getByTestId('login-error')).toHaveText('Email or password is incorrect.');
    await expect(page).toHaveURL(/#\/$/);

    // A successful login returns the payer to where they opened it (the FAQ), with a welcome; never to an
    // empty checkout (the cart was paid).
    await dialog.getByLabel(/^Password/).fill(password);
    await dialog.getByRole('button', { name: 'Login' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/#\/faq$/);
    await expect(page.getByTestId('snackbar')).toContainText('Welcome, Siti Nurhaliza binti Ahmad.');

    await page.goto('/#/history');
    const row = page.getByTestId('history-row').filter({ hasText: reference });
    await expect(row).toContainText('PJ-2026-0150');
    await expect(row).toContainText('Paid');

    await page.goto('/#/profile');
    await expect(page.getByLabel('E-mail')).toHaveValue(email);
    // Saving twice with nothing changed is no conflict ("changed elsewhere" is for another tab's save).
    for (let i = 0; i < 2; i += 1) {
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText(/Update successful|nothing new to change/).first()).toBeVisible();
    }
    await expect(page.getByText('Your details are saved; there was nothing new to change.')).toBeVisible();
    await expect(page.getByText(/changed elsewhere/i)).toHaveCount(0);

    await logout(page);
    await page.goto('/#/history');
    await expect(page.getByTestId('sign-in-required')).toBeVisible();
  });
});
