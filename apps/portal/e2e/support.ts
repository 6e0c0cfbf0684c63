/**
 * Helpers of the portal's journeys: where this run's servers are (scripts/e2e-server.mjs writes it), the
 * database behind them (for the SMS sink and the configuration row), and the steps many journeys share.
 */
import { expect, type Page } from '@playwright/test';
import { Algorithm, hash } from '@node-rs/argon2';
import { normaliseAccountId, type Language } from '@councilpay/domain';
import { translate, type MessageKey } from '@councilpay/i18n';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Client } from 'pg';

export interface E2eEnv {
  databaseUrl: string;
  apiUrl: string;
  simUrl: string;
}

/** The servers of this run: `.test-results/e2e-env-<E2E_PORT>.json`, written by scripts/e2e-server.mjs. */
export function e2eEnv(): E2eEnv {
  const port = process.env.E2E_PORT || '3300';
  const file = resolve(__dirname, '../../../.test-results', `e2e-env-${port}.json`);
  return JSON.parse(readFileSync(file, 'utf8')) as E2eEnv;
}

/** Runs `work` with a connection to this run's database. */
export async function withDatabase<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: e2eEnv().databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A bill of its own for a test that pays: a copy of the seeded bill `displayNo` (same council, type, owner and
 * amounts) under a new number with the same shape, e.g. KMP-2026-000106 → KMP-2026-9xxxxx. The e2e files share
 * one database and run in any order: a seeded bill another file paid first is settled (no active Add to cart),
 * and so is its copy unless `overrides` (columns of "Payable", e.g. balanceSen) put back what the seed wrote.
 */
export async function freshCopyOf(displayNo: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const digits = /\d+$/.exec(displayNo)?.[0];
  if (!digits || digits.length < 2) throw new Error(`${displayNo} does not end in digits`);
  const fresh = `9${String(Math.floor(Math.random() * 10 ** (digits.length - 1))).padStart(digits.length - 1, '0')}`;
  const copy = `${displayNo.slice(0, -digits.length)}${fresh}`;
  const inserted = await withDatabase((db) =>
    db.query(
      `INSERT INTO "Payable"
       SELECT (jsonb_populate_record(NULL::"Payable", to_jsonb(p) || $5::jsonb || jsonb_build_object(
         'id', gen_random_uuid(), 'displayNo', $2::text, 'version', 0,
         'accountNo', regexp_replace(p."accountNo", '[0-9]{' || $4::int || '}$', $3::text)))).*
       FROM "Payable" p WHERE p."displayNo" = $1 AND p."parentId" IS NULL`,
      [displayNo, copy, fresh, digits.length, JSON.stringify(overrides)],
    ),
  );
  if (inserted.rowCount !== 1) throw new Error(`no seeded bill ${displayNo} to copy`);
  return copy;
}

/**
 * Collects the portal's console errors and uncaught exceptions, to assert there are none. The gateway
 * simulator's pages (its missing favicon ...) are not the portal's.
 */
export function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  const simOrigin = new URL(e2eEnv().simUrl).origin;
  page.on('console', (message) => {
    const where = message.location().url;
    if (message.type() === 'error' && !where.startsWith(simOrigin)) errors.push(`${message.text()} (${where})`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * A trading licence of its own: a copy of the seeded LP-2025-0001 with its licence record (status active, the
 * owner's photo on file), due as seeded (an earlier test may have paid the original), at `council` (mdpg unless
 * said), under a number of its own (LP-2025-9xxxxxx); its printed number and its licence reference.
 */
export async function licenceCopy(council = 'mdpg'): Promise<{ displayNo: string; reference: string }> {
  const digits = String(Math.floor(Math.random() * 1e6)).padStart(6, '0');
  const displayNo = `LP-2025-9${digits}`;
  const reference = `WALK-${council.toUpperCase()}-9${digits}`;
  // One statement: the bill and its licence are made together or not at all.
  const inserted = await withDatabase((db) =>
    db.query(
      `WITH copy AS (
         INSERT INTO "Payable"
         SELECT (jsonb_populate_record(NULL::"Payable", to_jsonb(p) || jsonb_build_object(
           'id', gen_random_uuid(), 'councilCode', $3::text, 'displayNo', $1::text, 'accountNo', $4::text,
           'version', 0, 'lastImportId', NULL, 'balanceSen', 36000, 'paidUntilYear', 2025, 'paidUntilMonth', 12))).*
         FROM "Payable" p WHERE p."displayNo" = 'LP-2025-0001' AND p."parentId" IS NULL
         RETURNING "id")
       INSERT INTO "Licence"
       SELECT (jsonb_populate_record(NULL::"Licence", to_jsonb(l) || jsonb_build_object(
         'id', gen_random_uuid(), 'payableId', copy."id", 'reference', $2::text, 'licenceNo', $1::text))).*
       FROM "Licence" l JOIN "Payable" o ON o."id" = l."payableId" AND o."displayNo" = 'LP-2025-0001' AND o."parentId" IS NULL,
            copy`,
      [displayNo, reference, council, normaliseAccountId('trading_license', displayNo)],
    ),
  );
  if (inserted.rowCount !== 1) throw new Error('no seeded licence LP-2025-0001 to copy');
  return { displayNo, reference };
}

/** A verified payer's account of its own; its e-mail and password. */
export async function account(): Promise<{ email: string; password: string }> {
  const suffix = `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-8);
  const email = `walker.${suffix}@example.my`;
  const password = 'Rahsia#2026';
  const passwordHash = await hash(password, { algorithm: Algorithm.Argon2id });
  await withDatabase((db) =>
    db.query(
      `INSERT INTO "User" ("id", "email", "fullName", "nricNo", "phone", "passwordHash", "roles", "councils", "emailVerifiedAt", "updatedAt")
       VALUES (gen_random_uuid(), $1, 'Peniaga Ujian', $2, '0123456789', $3, ARRAY['user'], ARRAY[]::text[], now(), now())`,
      [email, `7702${suffix}`, passwordHash],
    ),
  );
  return { email, password };
}

/** Opens the portal in `language`, unless the page chose another since (the language menu, a setting stored). */
export async function inLanguage(page: Page, language: Language): Promise<void> {
  await page.addInitScript((chosen) => {
    if (!window.localStorage.getItem('language')) window.localStorage.setItem('language', chosen);
  }, language);
}

/** Opens the portal in English (the journeys read English labels; Malay, the default, has its own test). */
export async function inEnglish(page: Page): Promise<void> {
  await inLanguage(page, 'en');
}

/** What the portal shows for `key` in `language`: the catalogue it is built from. */
export function portalText(language: Language, key: MessageKey): string {
  return translate(language, key);
}

export interface BillToFind {
  council: string;
  type: string;
  accountNo: string;
  planType?: string;
}

/**
 * Searches a bill with the search form of the current page and waits for its result card; the portal in
 * `language` (English unless said).
 */
export async function search(page: Page, bill: BillToFind, language: Language = 'en'): Promise<void> {
  const form = page.getByTestId('search-form');
  await form.getByTestId('search-council').selectOption(bill.council);
  await form.getByTestId('search-type').selectOption(bill.type);
  if (bill.planType) await form.getByTestId('search-plan-type').selectOption(bill.planType);
  await form.getByTestId('search-account-no').fill(bill.accountNo);
  await form.getByRole('button', { name: portalText(language, 'search.search_button') }).click();
}

/**
 * Searches a bill on /search and adds it to the cart (with an assessment selection when given); the portal in
 * `language` (English unless said).
 */
export async function addToCart(
  page: Page,
  bill: BillToFind & { selection?: 1 | 2 | 3 | 4 },
  language: Language = 'en',
): Promise<void> {
  await page.goto('/#/search');
  await search(page, bill, language);
  // A result clears the id typed, so the cards shown are this search's.
  await expect(page.getByTestId('search-account-no')).toHaveValue('');
  const result = page.getByTestId('search-result').first();
  await expect(result).toBeVisible();
  if (bill.selection) await result.getByLabel('Payment option').selectOption(String(bill.selection));
  await result.getByRole('button', { name: portalText(language, 'search.add_to_cart') }).click();
  await expect(result.getByRole('button', { name: portalText(language, 'search.in_cart') })).toBeDisabled();
}

export const PAYER = { name: 'Aminah binti Sapin', email: 'aminah.sapin@example.my', phone: '012 345 6789' };

/**
 * From the cart through payer details and method to the confirmation page; `at` a council's address (`/mps`). A
 * card names its bank (`bank`, as the list shows it; Maybank when not said). The portal in `language` (English
 * unless said).
 */
export async function checkout(
  page: Page,
  method: { fpx: string } | { card: 'Visa' | 'Mastercard'; bank?: string },
  payer = PAYER,
  at = '/',
  language: Language = 'en',
): Promise<void> {
  const text = (key: MessageKey) => portalText(language, key);
  await page.goto(`${at}#/cart`);
  await page.getByTestId('cart-checkout').click();
  await expect(page).toHaveURL(/#\/checkout$/);
  await page.getByLabel(text('common.full_name')).fill(payer.name);
  await page.getByLabel(text('common.email')).fill(payer.email);
  await page.getByLabel(text('common.phone')).fill(payer.phone);
  await page.getByRole('button', { name: text('common.continue') }).click();
  await expect(page).toHaveURL(/#\/payment_information$/);
  if ('fpx' in method) {
    await page.getByLabel(text('checkout.method_fpx')).check();
    await page.getByRole('button', { name: text('common.continue') }).click();
    await expect(page).toHaveURL(/#\/fpx_checkout$/);
    await page.getByTestId('bank-select').selectOption(method.fpx);
  } else {
    await page.getByLabel(text('checkout.method_card')).check();
    await page.getByLabel(method.card).check();
    await page.getByTestId('card-bank-select').selectOption({ label: method.bank ?? 'Maybank' });
  }
  await page.getByRole('button', { name: text('common.continue') }).click();
  await expect(page).toHaveURL(/#\/confirmation$/);
}

/** The reference of the payment the receipt page shows. */
export function referenceOf(page: Page): string {
  // The hash route's query, whichever portal address it is under (`/#/receipt?…`, `/mps#/receipt?…`).
  const hash = new URL(page.url()).hash;
  const reference = new URLSearchParams(hash.slice(hash.indexOf('?') + 1)).get('reference');
  if (!reference) throw new Error(`no reference in ${page.url()}`);
  return reference;
}

/** Calls the gateway simulator's control API (apps/gateway-sim README). */
export async function simulator(path: string, body?: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${e2eEnv().simUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}
