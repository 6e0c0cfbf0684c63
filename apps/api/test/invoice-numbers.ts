import { randomInt } from 'node:crypto';
import { Client } from 'pg';

/**
 * Gives a copy of the seeded database invoice numbers of its own. Every copy starts from the template's
 * `payment_invoice_seq`, and a gateway (the simulator too) refuses an order number it has seen: two copies
 * paying through one simulator would send it the same numbers. Each copy starts at a random million-wide
 * block instead (one in two billion: two copies of one run meeting is as good as impossible).
 */
export async function giveOwnInvoiceNumbers(databaseUrl: string): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`SELECT setval('payment_invoice_seq', $1::bigint)`, [String(randomInt(1, 2 ** 31) * 1_000_000)]);
  } finally {
    await client.end();
  }
}
