/**
 * Helpers of the console's journeys: this run's servers (written by scripts/e2e-server.mjs), its database
 * (to make bills of our own), the gateway simulator's control API, and signing in.
 */
import { expect, type APIRequestContext, type Cookie, type Page } from '@playwright/test';
import { forgetSteps, freshTotpCode } from '../../../scripts/totp.mjs';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Client } from 'pg';

interface E2eEnv {
  databaseUrl: string;
  apiUrl: string;
  simUrl: string;
  councilSimUrl: string;
}

function e2eEnv(): E2eEnv {
  const port = process.env.E2E_PORT || '3300';
  return JSON.parse(
    readFileSync(resolve(__dirname, '../../../.test-results', `e2e-env-${port}.json`), 'utf8'),
  ) as E2eEnv;
}

/** The seeded staff accounts (demo data of prisma/seed), with the demo's second factor (scripts/lib.mjs DEFAULTS). */
export const STAFF = {
  admin: 'admin@councilpay.my',
  mdpgAdmin: 'admin.mdpg@councilpay.my',
  password: process.env.SEED_ADMIN_PASSWORD || 'Demo#CouncilPay2026',
  totpSecret: process.env.DEMO_STAFF_TOTP_SECRET || 'COUNCILPAYDEMOSTAFFTOTPDEVONLY23',
};

/**
 * A staff account of its own (council admin of mdpg, no second factor yet), made in the database with the demo
 * staff's password (its hash copied from the seeded _admin). Returns its id.
 */
export async function makeStaff(email: string): Promise<string> {
  const client = new Client({ connectionString: e2eEnv().databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO "User" ("id", "email", "fullName", "passwordHash", "roles", "councils", "type", "emailVerifiedAt", "updatedAt")
       SELECT gen_random_uuid(), $1, 'Pegawai E2E', "passwordHash", ARRAY['council_admin'], ARRAY['mdpg'], 'staff', now(), now()
       FROM "User" WHERE "email" = $2 RETURNING "id"`,
      [email, STAFF.admin],
    );
    return rows[0].id;
  } finally {
    await client.end();
  }
}

export { freshTotpCode };

/** A compound of its own for one journey (so journeys never share balances), made in the database. */
export async function makeBill(council: string, balanceSen = 4_200): Promise<string> {
  const client = new Client({ connectionString: e2eEnv().databaseUrl });
  await client.connect();
  try {
    const accountNo = `E2E${randomUUID().replace(/-/g, '').slice(0, 10).toUpperCase()}`;
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO "Payable" ("id", "councilCode", "type", "accountNo", "displayNo", "ownerName", "balanceSen", "details", "updatedAt")
       VALUES (gen_random_uuid(), $1, 'compound', $2, $2, 'PEMBAYAR E2E', $3, '{"compoundType":"individual"}', now())
       RETURNING "id"`,
      [council, accountNo, balanceSen],
    );
    return rows[0].id;
  } finally {
    await client.end();
  }
}

export interface CreatedPayment {
  reference: string;
  invoiceNo: string;
  redirect: { action: string; fields: Record<string, string> };
}

/** A guest's FPX payment of one bill, as the portal makes it (in progress: nothing sent to the bank yet). */
export async function createPayment(
  request: APIRequestContext,
  payableId: string,
  email = 'aminah.e2e@example.my',
): Promise<CreatedPayment> {
  const res = await request.post('/api/payments', {
    data: {
      items: [{ payableId }],
      payer: { name: 'Aminah binti Sapin', email, phone: '0123456789' },
      method: { type: 'fpx', bankId: 'MB2U0227' },
      language: 'en',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as CreatedPayment;
}

/** The council system simulator (apps/council-sim): its receiving address and its control API. */
export const councilSim = {
  hooksUrl: (): string => `${e2eEnv().councilSimUrl}/hooks`,
  async control(path: string, body?: Record<string, unknown>): Promise<unknown> {
    const res = await fetch(`${e2eEnv().councilSimUrl}/control${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    });
    expect(res.status, path).toBe(200);
    return res.json();
  },
};

/** The simulator's control API (what a tester's clicks on the bank page do). */
export async function simulator(path: string, body: Record<string, unknown>): Promise<unknown> {
  const res = await fetch(`${e2eEnv().simUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, path).toBe(200);
  return res.json();
}

/**
 * A payment left pending at the bank, which the bank then approves without telling us: the browser posts the
 * AR to the bank, the bank answers "pending" (09) by the direct callback, then approves in its own books.
 * Only an enquiry finds out.
 */
export async function pendingPaymentTheBankApproved(request: APIRequestContext, council = 'mdpg') {
  const payment = await createPayment(request, await makeBill(council));
  const bankPage = await fetch(payment.redirect.action, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(payment.redirect.fields).toString(),
  });
  expect(bankPage.status).toBe(200);
  await simulator(`/sim/fpx/${payment.invoiceNo}/decide`, { action: 'pending', returnBrowser: false });
  await expect
    .poll(
      async () =>
        ((await (await request.get(`/api/payments/${payment.reference}`)).json()) as { status: string }).status,
    )
    .toBe('pending');
  await simulator(`/sim/fpx/${payment.invoiceNo}/settle`, { action: 'approve' });
  return payment;
}

/** Posts the payment's form to the bank's page, as the payer's browser does. */
async function toTheBank(payment: CreatedPayment): Promise<void> {
  const bankPage = await fetch(payment.redirect.action, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(payment.redirect.fields).toString(),
  });
  expect(bankPage.status).toBe(200);
}

async function statusOf(request: APIRequestContext, reference: string): Promise<string> {
  return ((await (await request.get(`/api/payments/${reference}`)).json()) as { status: string }).status;
}

/** A guest's FPX payment of a bill of its own, approved by the bank (its direct AC received): paid. */
export async function paidPayment(request: APIRequestContext, council = 'mdpg', email?: string, balanceSen?: number) {
  const payment = await createPayment(request, await makeBill(council, balanceSen), email);
  await toTheBank(payment);
  await simulator(`/sim/fpx/${payment.invoiceNo}/decide`, { action: 'approve', returnBrowser: false });
  await expect.poll(() => statusOf(request, payment.reference)).toBe('paid');
  return payment;
}

/** The console in English unless the test chose another language first. */
async function inEnglishUnlessChosen(page: Page): Promise<void> {
  await page.addInitScript(() => {
    if (!window.localStorage.getItem('RaStore.locale')) window.localStorage.setItem('RaStore.locale', '"en"');
  });
}

/** The console in English at its sign-in page, email and password sent. */
export async function password(page: Page, email: string): Promise<void> {
  await inEnglishUnlessChosen(page);
  await page.goto('/console/#/login');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(STAFF.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Enrolment as a first sign-in shows it: the QR code, the key as text, a code, then the recovery codes once. */
export async function enrol(page: Page, email: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  await expect(page.getByRole('heading', { name: 'Set up your second factor' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('second-factor-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  // A new secret: the API takes any current step's code again.
  forgetSteps(email);
  await page.getByLabel(/^Authentication code/).fill(await freshTotpCode(email, secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByRole('heading', { name: 'Your recovery codes' })).toBeVisible();
  const recoveryCodes = (await page.getByTestId('recovery-codes').getByRole('listitem').allTextContents()).map((c) =>
    c.trim(),
  );
  expect(recoveryCodes).toHaveLength(10);
  await page.getByRole('button', { name: 'I have kept these codes: continue' }).click();
  await expect(page.getByTestId('dashboard-pending')).toBeVisible({ timeout: 20_000 });
  return { secret, recoveryCodes };
}

/** A staff member's first sign-in: the password, then setting up the second factor (an invited person's). */
export async function signInFirstTime(page: Page, email: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  await password(page, email);
  return enrol(page, email);
}

/**
 * The sessions this Playwright worker signed in, by account. The API takes each authenticator step once per
 * account, so a third sign-in within one 30-second step waits for the next: about two and a half minutes of the
 * console's tests were spent waiting so. A journey that is not about signing in goes on in a session the worker
 * already has, while it is still good.
 */
const sessions = new Map<string, Cookie[]>();

/** Opens the console in English and signs in: the password, then the demo staff's authenticator code. */
export async function signIn(page: Page, email: string): Promise<void> {
  const kept = sessions.get(email);
  if (kept) {
    await page.context().addCookies(kept);
    if ((await page.request.get('/api/admin/dashboard')).ok()) {
      await inEnglishUnlessChosen(page);
      await page.goto('/console/#/');
      await expect(page.getByTestId('dashboard-pending')).toBeVisible({ timeout: 20_000 });
      return;
    }
    sessions.delete(email);
    await page.context().clearCookies();
  }
  await password(page, email);
  await page.getByLabel(/^Authentication code/).fill(await freshTotpCode(email, STAFF.totpSecret));
  await page.getByRole('button', { name: 'Verify' }).click();
  // The first screen after signing in loads the console's code and the dashboard's figures.
  await expect(page.getByTestId('dashboard-pending')).toBeVisible({ timeout: 20_000 });
  sessions.set(email, await page.context().cookies());
}

/**
 * A payment of `council` paid at `paidAt` (an earlier day's, which no journey can make through the bank), written
 * in the database as the engine leaves a paid payment: its item credited, its status moved through the guards.
 */
export async function paidEarlier(council: string, paidAt: Date, amountSen = 12_345): Promise<string> {
  const payableId = await makeBill(council, amountSen);
  const client = new Client({ connectionString: e2eEnv().databaseUrl });
  await client.connect();
  try {
    const reference = `CPE2E${randomUUID().replace(/-/g, '').slice(0, 17).toUpperCase()}`;
    const invoiceNo = `6${String(Date.now()).slice(-13)}${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO "Payment" ("id", "reference", "invoiceNo", "method", "bankId", "amountSen", "payerName", "payerEmail",
         "payerPhone", "createdAt", "updatedAt", "gatewayTxnId")
       VALUES (gen_random_uuid(), $1, $2, 'fpx', 'MB2U0227', $3, 'PEMBAYAR E2E', 'e2e.earlier@example.my',
         '+60123456789', $4, now(), $5) RETURNING "id"`,
      [reference, invoiceNo, amountSen, new Date(paidAt.getTime() - 60_000), `E2E${Date.now()}`],
    );
    await client.query(
      `INSERT INTO "PaymentItem" ("id", "paymentId", "payableId", "councilCode", "type", "accountNo", "amountSen", "creditSen")
       SELECT gen_random_uuid(), $1, p."id", p."councilCode", p."type", p."accountNo", $2, $2 FROM "Payable" p WHERE p."id" = $3`,
      [rows[0].id, amountSen, payableId],
    );
    await client.query(`UPDATE "Payment" SET "status" = 'paid', "paidAt" = $2, "finalAt" = $2 WHERE "id" = $1`, [
      rows[0].id,
      paidAt,
    ]);
    await client.query(`UPDATE "PaymentItem" SET "creditedAt" = $2 WHERE "paymentId" = $1`, [rows[0].id, paidAt]);
    return reference;
  } finally {
    await client.end();
  }
}

/** Writes `council`'s stored logo as it is given (a data URL), as an upload made under earlier rules left it. */
export async function storeCouncilLogo(council: string, logoImage: string): Promise<void> {
  const client = new Client({ connectionString: e2eEnv().databaseUrl });
  await client.connect();
  try {
    await client.query(`UPDATE "Council" SET "logoImage" = $2 WHERE "code" = $1`, [council, logoImage]);
  } finally {
    await client.end();
  }
}

/** What the development sink holds of a payment's messages of one template: email first, then SMS (they are sent independently, so delivery order says nothing). */
export async function sinkMessages(
  reference: string,
  template: string,
): Promise<{ channel: string; recipient: string; subject: string | null; body: string }[]> {
  const client = new Client({ connectionString: e2eEnv().databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ channel: string; recipient: string; subject: string | null; body: string }>(
      `SELECT s."channel"::text AS "channel", s."recipient", s."subject", s."body"
       FROM "SinkMessage" s JOIN "Notification" n ON n."id" = s."notificationId" JOIN "Payment" p ON p."id" = n."paymentId"
       WHERE p."reference" = $1 AND n."template" = $2 ORDER BY s."channel"::text, s."id"`,
      [reference, template],
    );
    return rows;
  } finally {
    await client.end();
  }
}

/** What the development sink holds of one template's messages to one recipient, oldest first. */
export async function sinkMessagesTo(
  recipient: string,
  template: string,
): Promise<{ channel: string; subject: string | null; body: string }[]> {
  const client = new Client({ connectionString: e2eEnv().databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ channel: string; subject: string | null; body: string }>(
      `SELECT s."channel"::text AS "channel", s."subject", s."body"
       FROM "SinkMessage" s JOIN "Notification" n ON n."id" = s."notificationId"
       WHERE s."recipient" = $1 AND n."template" = $2 ORDER BY s."id"`,
      [recipient, template],
    );
    return rows;
  } finally {
    await client.end();
  }
}
