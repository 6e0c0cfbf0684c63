#!/usr/bin/env node
// A council system's client of the CouncilPay bills API: plain Node (18+), nothing to install.
//
//   COUNCILPAY_URL=https://councilpay.example.my COUNCILPAY_KEY_ID=cpk_... COUNCILPAY_SECRET=cpsk_... \
//     node council-client.mjs me
//     node council-client.mjs put <type> <bills.json> [idempotency-key]   (bills.json: an array of bills)
//     node council-client.mjs get <type> <account no>
//     node council-client.mjs withdraw <type> <account no>
//
// Prints the answer's status and body; exits 1 on anything but 2xx.
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** The string signed, one part a line: scheme, method, path with query, unix seconds, nonce, body's SHA-256. */
export function canonicalString(method, path, timestamp, nonce, body) {
  const bodyHash = createHash('sha256').update(body).digest('hex');
  return ['CouncilPay-Request-v1', method.toUpperCase(), path, String(timestamp), nonce, bodyHash].join('\n');
}

/** The CouncilPay-Signature header: k=<key id>,t=<unix seconds>,n=<nonce>,v1=<hex HMAC-SHA256>. */
export function signature(
  keyId,
  secret,
  method,
  path,
  body,
  nowMs = Date.now(),
  nonce = randomBytes(16).toString('base64url'),
) {
  const timestamp = Math.floor(nowMs / 1000);
  const v1 = createHmac('sha256', secret)
    .update(canonicalString(method, path, timestamp, nonce, body))
    .digest('hex');
  return `k=${keyId},t=${timestamp},n=${nonce},v1=${v1}`;
}

/** Sends one signed request; the body is signed exactly as sent (serialise once, sign those bytes). */
export async function call(method, path, { body, idempotencyKey } = {}, env = process.env) {
  const raw = body === undefined ? '' : JSON.stringify(body);
  const headers = {
    'CouncilPay-Signature': signature(env.COUNCILPAY_KEY_ID, env.COUNCILPAY_SECRET, method, path, raw),
  };
  if (raw) headers['Content-Type'] = 'application/json';
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
  const res = await fetch(new URL(path, env.COUNCILPAY_URL), { method, headers, body: raw || undefined });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function main([command, type, arg, key]) {
  const bills = (t) => `/api/council/v1/bills/${encodeURIComponent(t)}`;
  const account = (t, a) => `${bills(t)}/${encodeURIComponent(a)}`;
  const requests = {
    me: () => call('GET', '/api/council/v1/me'),
    put: () =>
      call('PUT', bills(type), {
        body: { bills: JSON.parse(readFileSync(arg, 'utf8')) },
        // Keep the key with the batch: sending it again after a timeout can never write it twice.
        idempotencyKey: key ?? randomUUID(),
      }),
    get: () => call('GET', account(type, arg)),
    withdraw: () => call('POST', `${account(type, arg)}/withdraw`),
  };
  if (!requests[command]) {
    console.error(
      'usage: council-client.mjs me | put <type> <bills.json> [key] | get <type> <account> | withdraw <type> <account>',
    );
    process.exit(2);
  }
  const answer = await requests[command]();
  console.log(JSON.stringify(answer));
  process.exit(answer.status >= 200 && answer.status < 300 ? 0 : 1);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await main(process.argv.slice(2));
