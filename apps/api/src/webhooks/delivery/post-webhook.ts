import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPublicAddress } from '@councilpay/webhooks';

export interface PostOptions {
  /** The whole call (connect, send, answer) ends after this long. */
  timeoutMs: number;
  /** At most this many bytes of the answer are read; the rest is dropped with the connection. */
  maxResponseBytes: number;
  /** Production: connect only to public addresses, whatever the name resolves to at the time of the call. */
  publicOnly: boolean;
}

export interface PostResult {
  /** The HTTP status, or null when no answer came (refused, timed out, reset). */
  status: number | null;
  /** The start of the answer's body (UTF-8, capped). */
  body: string;
  /** Why there was no answer. */
  error: string | null;
}

/** Resolves as usual, then refuses an address that is not public: the check holds for the address connected to. */
const publicLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return (callback as (e: NodeJS.ErrnoException | null) => void)(error);
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused || addresses.length === 0) {
      const err = Object.assign(new Error(`refused: ${hostname} resolves to a non-public address`), {
        code: 'EADDRNOTPUBLIC',
      });
      return (callback as (e: NodeJS.ErrnoException | null) => void)(err);
    }
    if (options.all) return (callback as (e: null, a: LookupAddress[]) => void)(null, addresses);
    return (callback as (e: null, a: string, f: number) => void)(null, addresses[0].address, addresses[0].family);
  });
};

/**
 * POSTs a webhook body: one try, no redirect followed (a 3xx is an answer like any other non-2xx), the whole
 * call bounded by timeoutMs, at most maxResponseBytes of the answer read. Never throws: every outcome is a
 * PostResult.
 */
export function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: PostOptions,
): Promise<PostResult> {
  return new Promise((resolve) => {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return resolve({ status: null, body: '', error: 'malformed url' });
    }
    const host = parsed.hostname.replace(/^\[|\]$/g, '');
    if (options.publicOnly && (parsed.protocol !== 'https:' || (isIP(host) !== 0 && !isPublicAddress(host)))) {
      return resolve({ status: null, body: '', error: 'refused: not a public https address' });
    }
    const send = parsed.protocol === 'https:' ? httpsRequest : parsed.protocol === 'http:' ? httpRequest : null;
    if (!send) return resolve({ status: null, body: '', error: 'malformed url' });
    let settled = false;
    const finish = (result: PostResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const requestOptions: RequestOptions = {
      method: 'POST',
      headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
      ...(options.publicOnly ? { lookup: publicLookup } : {}),
    };
    const req = send(parsed, requestOptions, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () =>
        finish({ status: res.statusCode ?? null, body: Buffer.concat(chunks).toString('utf8'), error: null });
      res.on('data', (chunk: Buffer) => {
        if (size >= options.maxResponseBytes) return;
        const part = chunk.subarray(0, options.maxResponseBytes - size);
        chunks.push(part);
        size += part.length;
        if (size >= options.maxResponseBytes) {
          done();
          res.destroy();
        }
      });
      res.on('end', done);
      res.on('error', done);
    });
    const timer = setTimeout(() => {
      req.destroy(new Error(`no answer within ${options.timeoutMs} ms`));
    }, options.timeoutMs);
    req.on('error', (error) => finish({ status: null, body: '', error: error.message.slice(0, 300) }));
    req.end(body);
  });
}
