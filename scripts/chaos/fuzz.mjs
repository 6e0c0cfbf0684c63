// The OpenAPI-driven fuzzer: every operation the API documents at /api/docs-json (public and /api/admin/*),
// called as a guest and as a signed-in _admin with hostile inputs made by fast-check: malformed JSON, wrong
// types, huge and deeply nested bodies, unicode edge cases (lone surrogates, NUL, RTL, emoji), prototype
// pollution keys, wrong content types, missing and extra headers. No answer may be 5xx, and the API must be
// healthy afterwards. Council images are uploaded as hostile as they come (image bombs, active SVGs, bytes that
// are no image), and the live status stream is opened far more often at once than one address may. Prints the
// request count and the seed; a failure prints the request (method, path, headers, body prefix) and fast-check's
// seed and path to replay it.
import { staffSignIn } from '../staff-sign-in.mjs';
import { get } from 'node:http';
import { crc32, deflateSync } from 'node:zlib';
import fc from 'fast-check';

const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\ufeff',
  '\u202eRTL\u202c',
  '👩‍👩‍👧‍👦',
  'e\u0301\u0301\u0301',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  '中文付款',
  '\'; DROP TABLE "Payment"; --',
  '../../../etc/passwd',
  '%00',
  '%E0%A4%A',
  '%',
  '${7*7}',
  '<script>alert(1)</script>',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '9007199254740993',
  'true',
  'null',
  '[]',
  '{}',
  '__proto__',
  'constructor',
];
const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'];
const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----x',
  'application/xml',
  'application/octet-stream',
  'application/vnd.api+json',
  '*/*',
  'json',
  ';;;',
];

function pngChunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG whose header says `width` x `height` RGBA pixels, with `pixels` as its (deflated) data. */
function png(width, height, pixels = Buffer.from([0, 0, 0])) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 6;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function useBomb(levels) {
  let svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><defs><rect id="a0" width="1" height="1"/>';
  for (let i = 1; i <= levels; i += 1) svg += `<g id="a${i}"><use href="#a${i - 1}"/><use href="#a${i - 1}"/></g>`;
  return `${svg}</defs><use href="#a${levels}"/></svg>`;
}

const SVG_OPEN = '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20">';
const svgUrl = (svg) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
const pngUrl = (bytes) => `data:image/png;base64,${bytes.toString('base64')}`;
const onePixel = Buffer.concat([Buffer.from([0]), Buffer.alloc(4, 0x80)]);

/** Council images as a hostile (or careless) uploader sends them; a few are fine. */
const HOSTILE_IMAGES = [
  pngUrl(png(100_000, 100_000)),
  pngUrl(png(1, 100_000_000)),
  pngUrl(png(2_001, 2_000)),
  pngUrl(png(1, 1, onePixel)),
  pngUrl(png(1, 1, onePixel).subarray(0, 40)),
  pngUrl(Buffer.concat([png(1, 1, onePixel).subarray(0, 8), Buffer.from('not a png at all')])),
  pngUrl(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46])),
  pngUrl(Buffer.alloc(0)),
  pngUrl(Buffer.alloc(21 * 1024, 0x89)),
  svgUrl(useBomb(20)),
  svgUrl(useBomb(3)),
  svgUrl(`${SVG_OPEN}${'<rect width="1" height="1"/>'.repeat(1_500)}</svg>`),
  svgUrl(
    '<svg xmlns="http://www.w3.org/2000/svg"><a><animate attributeName="href" values="javascript:alert(1)"/><rect width="9" height="9"/></a></svg>',
  ),
  svgUrl(`${SVG_OPEN}<iframe src="https://evil.example/"></iframe></svg>`),
  svgUrl(`${SVG_OPEN}<embed src="https://evil.example/x"/></svg>`),
  svgUrl(`${SVG_OPEN}<style>@import url(http://evil.example/x.css);</style></svg>`),
  svgUrl(`${SVG_OPEN}<script>alert(1)</script></svg>`),
  svgUrl(`${SVG_OPEN}<image href="file:///etc/passwd" width="20" height="20"/></svg>`),
  svgUrl(`${SVG_OPEN}<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject></svg>`),
  svgUrl(
    '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><svg xmlns="http://www.w3.org/2000/svg"><text>&b;&b;&b;</text></svg>',
  ),
  svgUrl(
    '<svg xmlns="http://www.w3.org/2000/svg" width="100000000" height="100000000"><rect width="1" height="1"/></svg>',
  ),
  svgUrl(
    '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><rect width="20" height="20" style="fill:u\\72l(http://x)"/></svg>',
  ),
  svgUrl('<svg'),
  svgUrl('<html><body>not an svg</body></html>'),
  svgUrl(
    `${SVG_OPEN}<circle cx="10" cy="10" r="8" fill="#1a4f8b"/><text x="3" y="14" font-size="8">MDPG 中文</text></svg>`,
  ),
  'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>',
  'data:image/gif;base64,R0lGODlhAQABAAAAACw=',
  'data:image/png;base64,%%%%',
  'https://evil.example/logo.png',
];

/** A header value fetch can send: printable ASCII only. */
const headerValue = (s) => s.replace(/[^\x20-\x7e]/g, '?').slice(0, 4096);

const oddString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...ODD_STRINGS) },
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ minLength: 5000, maxLength: 20000 }) },
);

const scalar = fc.oneof(
  oddString,
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 2 ** 31, 2 ** 53, -(2 ** 53), 1e308, true, false, null),
  fc.bigInt().map((n) => ({ $raw: n.toString() })),
);

/** A JSON value with hostile leaves; `$raw` marks a number literal JSON.stringify cannot write. */
const hostileValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 4, arbitrary: scalar },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
    {
      weight: 1,
      arbitrary: fc.dictionary(fc.oneof(fc.constantFrom(...PROTO_KEYS), oddString), tie('value'), { maxKeys: 4 }),
    },
  ),
})).value;

/** JSON text of a value, with own `__proto__` keys kept and `$raw` numbers written as they are. */
function toJson(value) {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Object.hasOwn(value, '$raw') && Object.keys(value).length === 1) return String(value.$raw);
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  return `{${Object.keys(value)
    .map((k) => `${JSON.stringify(k)}:${toJson(value[k])}`)
    .join(',')}}`;
}

/** The properties a schema (resolved through $ref) names, to aim hostile values at real fields. */
function schemaKeys(spec, schema, depth = 0) {
  if (!schema || depth > 4) return [];
  if (schema.$ref) return schemaKeys(spec, spec.components?.schemas?.[schema.$ref.split('/').pop()], depth + 1);
  const keys = Object.keys(schema.properties ?? {});
  for (const part of [...(schema.allOf ?? []), ...(schema.oneOf ?? []), ...(schema.anyOf ?? [])]) {
    keys.push(...schemaKeys(spec, part, depth + 1));
  }
  return keys;
}

/** Every documented operation: method, path template, its path/query parameter names and body keys. */
export function operationsOf(spec) {
  const ops = [];
  for (const [path, item] of Object.entries(spec.paths ?? {})) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
      const op = item[method];
      if (!op) continue;
      const params = [...(item.parameters ?? []), ...(op.parameters ?? [])];
      const bodySchema = op.requestBody?.content?.['application/json']?.schema;
      ops.push({
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: params.filter((p) => p.in === 'query').map((p) => p.name),
        bodyKeys: schemaKeys(spec, bodySchema),
      });
    }
  }
  return ops;
}

/** A well-formed council update carrying hostile images, so they reach the image check itself. */
const councilImageBody = fc
  .record({
    logoImage: fc.oneof(fc.constantFrom(...HOSTILE_IMAGES), fc.constant(null)),
    signatureImage: fc.oneof(fc.constantFrom(...HOSTILE_IMAGES), fc.constant(undefined)),
    logoUrl: fc.constantFrom(null, '/api/councils/mdpg/logo.svg', '//evil.example/x.png', '/a//b.png', '/../x.png'),
  })
  .map(({ logoImage, signatureImage, logoUrl }) => ({
    kind: 'council images',
    text: JSON.stringify({
      active: true,
      logoUrl,
      signatureOfficerName: null,
      signatureOfficerPost: null,
      logoImage,
      ...(signatureImage === undefined ? {} : { signatureImage }),
    }),
    json: true,
    asAdmin: true,
  }));

function bodyArbitrary(op) {
  if (op.bodyKeys.includes('logoImage'))
    return fc.oneof({ weight: 3, arbitrary: councilImageBody }, { weight: 2, arbitrary: anyBody(op) });
  return anyBody(op);
}

function anyBody(op) {
  const keyed = (values) =>
    fc
      .tuple(
        fc.subarray(op.bodyKeys.length ? op.bodyKeys : ['x']),
        fc.array(values, { minLength: op.bodyKeys.length || 1, maxLength: op.bodyKeys.length || 1 }),
        fc.dictionary(fc.oneof(fc.constantFrom(...PROTO_KEYS), oddString), values, { maxKeys: 3 }),
      )
      .map(([keys, vals, extra]) => {
        const out = {};
        keys.forEach((k, i) => (out[k] = vals[i]));
        return (
          toJson(out).slice(0, -1) +
          (Object.keys(extra).length ? (keys.length ? ',' : '') + toJson(extra).slice(1) : '}')
        );
      });
  return fc.oneof(
    { weight: 5, arbitrary: keyed(hostileValue).map((text) => ({ kind: 'fields, wrong types', text })) },
    { weight: 2, arbitrary: hostileValue.map((v) => ({ kind: 'any JSON', text: toJson(v) })) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(keyed(hostileValue), fc.nat({ max: 200 }), fc.constantFrom('', '}', ',', '"', '\\', '\u0000', '{{'))
        .map(([text, cut, tail]) => ({ kind: 'malformed JSON', text: text.slice(0, cut) + tail })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.integer({ min: 13, max: 200_000 }), fc.boolean()).map(([depth, arrays]) => ({
        kind: `nested ${depth} deep`,
        text: arrays ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth),
      })),
    },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 50_000, max: 3_000_000 }).map((size) => ({
        kind: `huge ${size} B`,
        text: `{"${op.bodyKeys[0] ?? 'x'}":"${'a'.repeat(size)}"}`,
      })),
    },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 2_001, max: 20_000 }).map((n) => ({
        kind: `${n} keys`,
        text: `{${Array.from({ length: n }, (_, i) => `"k${i}":${i}`).join(',')}}`,
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          '{"__proto__":{"isAdmin":true,"roles":["_admin"]}}',
          '{"constructor":{"prototype":{"polluted":1}}}',
          '{"items":[{"__proto__":{"amountSen":1}}]}',
          '{"a":1,"a":2,"__proto__":null}',
        )
        .map((text) => ({ kind: 'prototype keys', text })),
    },
    {
      weight: 1,
      arbitrary: fc
        .dictionary(
          fc.oneof(oddString, fc.constantFrom('a[b][c]', 'a[]', '__proto__[x]', 'items[0][payableId]')),
          oddString,
          {
            maxKeys: 6,
          },
        )
        .map((d) => ({ kind: 'form', text: new URLSearchParams(Object.entries(d)).toString(), form: true })),
    },
    { weight: 1, arbitrary: fc.constant({ kind: 'no body', text: null }) },
  );
}

function pathValue(known) {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...known) },
    { weight: 3, arbitrary: oddString },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '%',
        '%zz',
        '%E0%A4%A',
        '%00',
        '..%2F..%2Fadmin',
        '%2e%2e',
        '%F0%9F',
        'a%0d%0aSet-Cookie:x',
      ),
    },
  );
}

function encodePathPart(value) {
  if (/%/.test(value) && value.length < 40) return value; // raw percent sequences, as a hostile client sends them
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\ud800-\udfff]/g, 'x')) + '%ED%A0%80'; // a lone surrogate, UTF-8'd
  }
}

function requestArbitrary(op, known) {
  const pathArb = fc.tuple(...op.pathParams.map((name) => pathValue(known[name] ?? known.any)));
  const queryArb = fc.array(
    fc.tuple(
      fc.oneof(fc.constantFrom(...op.queryParams, ...PROTO_KEYS, 'a[b]', '_sort', '_start'), oddString),
      oddString,
    ),
    { maxLength: 6 },
  );
  const headersArb = fc.record(
    {
      contentType: fc.constantFrom(...CONTENT_TYPES),
      token: oddString,
      csrf: fc.oneof(fc.constant('from-cookie'), oddString),
      language: oddString,
      forwarded: fc.constantFrom('1.2.3.4', 'garbage', '::1, 999.1.1.1', '', 'a'.repeat(2000)),
      cookie: fc.constantFrom('cp_sid=s%3Agarbage.sig', 'cp_csrf=' + 'x'.repeat(5000), '=;=;', 'a=%E0%A4%A'),
      encoding: fc.constantFrom('gzip', 'br', 'deflate', 'identity, gzip', 'x-unknown'),
      accept: fc.constantFrom('*/*', 'text/html', 'application/pdf', '', 'application/json;q=abc'),
    },
    { requiredKeys: [] },
  );
  return fc.record({
    op: fc.constant(op),
    pathValues: pathArb,
    query: queryArb,
    body:
      op.method === 'GET' || op.method === 'DELETE'
        ? fc.oneof(fc.constant({ kind: 'no body', text: null }), bodyArbitrary(op))
        : bodyArbitrary(op),
    headers: headersArb,
    asAdmin: fc.boolean(),
  });
}

function buildRequest(sample, baseUrl, admin) {
  const { op, pathValues, query, body, headers } = sample;
  // A body built to reach a handler is sent as the signed-in _admin, as JSON, with the CSRF token.
  const asAdmin = sample.asAdmin || body.asAdmin === true;
  let i = 0;
  const path = op.path.replace(/\{[^}]+\}/g, () => encodePathPart(String(pathValues[i++])));
  const search = query.map(([k, v]) => `${encodePathPart(k)}=${encodePathPart(v)}`).join('&');
  const url = `${baseUrl}${path}${search ? `?${search}` : ''}`;
  const h = {};
  if (body.json) h['content-type'] = 'application/json';
  else if (body.text !== null && headers.contentType !== undefined)
    h['content-type'] = body.form ? 'application/x-www-form-urlencoded' : headers.contentType;
  if (headers.token !== undefined) h['x-payment-token'] = headerValue(headers.token);
  if (headers.language !== undefined) h['accept-language'] = headerValue(headers.language);
  if (headers.forwarded !== undefined) h['x-forwarded-for'] = headers.forwarded;
  if (headers.encoding !== undefined && body.text !== null && !body.json) h['content-encoding'] = headers.encoding;
  if (headers.accept !== undefined) h.accept = headers.accept;
  const cookies = [];
  if (asAdmin && admin) {
    cookies.push(admin.cookie);
    if (body.asAdmin) h['x-csrf-token'] = admin.csrf;
    else if (headers.csrf !== undefined)
      h['x-csrf-token'] = headers.csrf === 'from-cookie' ? admin.csrf : headerValue(headers.csrf);
  }
  if (headers.cookie !== undefined) cookies.push(headers.cookie);
  if (cookies.length) h.cookie = cookies.join('; ');
  return {
    method: op.method,
    url,
    path: `${path}${search ? `?${search}` : ''}`,
    headers: h,
    body: body.text,
    kind: body.kind,
  };
}

/** Signs in as the seeded _admin (password and second factor); returns the cookie header and CSRF token. */
export function signInAdmin(baseUrl, email, password) {
  return staffSignIn(baseUrl, email, password);
}

/** Whether a staff session still answers as signed in, its second factor passed. */
async function stillSignedIn(baseUrl, session) {
  try {
    const res = await fetch(`${baseUrl}/api/auth/me`, {
      headers: { cookie: session.cookie },
      signal: AbortSignal.timeout(10_000),
    });
    return res.status === 200 && (await res.json())?.secondFactor === 'passed';
  } catch {
    return false;
  }
}

async function send(req) {
  const res = await fetch(req.url, {
    method: req.method,
    headers: req.headers,
    body: req.body === null ? undefined : req.body,
    redirect: 'manual',
    signal: AbortSignal.timeout(60_000),
  });
  await res.arrayBuffer().catch(() => undefined);
  return res.status;
}

async function healthy(baseUrl) {
  try {
    const [health, councils] = await Promise.all([
      fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(10_000) }),
      fetch(`${baseUrl}/api/councils`, { signal: AbortSignal.timeout(10_000) }),
    ]);
    return health.status === 200 && councils.status === 200;
  } catch {
    return false;
  }
}

/**
 * Opens `count` live status streams at once from this one address, spread over `references`, and closes them
 * all: the API must refuse what is over its limits with 429 (or 503 when the process is full), never fail.
 */
async function streamBurst(baseUrl, references, count) {
  const { hostname, port } = new URL(baseUrl);
  const open = (reference) =>
    new Promise((resolve) => {
      const req = get(
        { host: hostname, port, path: `/api/payments/${reference}/events`, agent: false, timeout: 60_000 },
        (res) => {
          res.resume();
          resolve({ status: res.statusCode, close: () => req.destroy() });
        },
      );
      req.on('error', (error) => resolve({ status: 'closed', error, close: () => undefined }));
      req.on('timeout', () => req.destroy());
    });
  const streams = await Promise.all(Array.from({ length: count }, (_, i) => open(references[i % references.length])));
  for (const s of streams) s.close();
  const statuses = {};
  for (const s of streams) statuses[s.status] = (statuses[s.status] ?? 0) + 1;
  return statuses;
}

function describe(req) {
  const body =
    req.body === null
      ? '(none)'
      : `${JSON.stringify(req.body.slice(0, 300))}${req.body.length > 300 ? ` … (${req.body.length} chars)` : ''}`;
  return `${req.method} ${req.path.slice(0, 500)}\n  headers: ${JSON.stringify(req.headers).slice(0, 800)}\n  body (${req.kind}): ${body}`;
}

/**
 * Runs `runs` requests over every documented operation. Returns the figures; `failure` describes the first
 * request answered 5xx (or after which the API was down) with the seed and path that replay it.
 */
export async function runFuzz({ baseUrl, runs, seed, known, admin: adminLogin, log = () => undefined }) {
  const specRes = await fetch(`${baseUrl}/api/docs-json`);
  if (specRes.status !== 200) throw new Error(`/api/docs-json answered ${specRes.status}`);
  const spec = await specRes.json();
  const ops = operationsOf(spec);
  if (ops.length === 0) throw new Error('the OpenAPI document lists no operations');
  let admin = await signInAdmin(baseUrl, adminLogin.email, adminLogin.password);
  const statuses = {};
  const perOp = new Map(ops.map((op) => [`${op.method} ${op.path}`, 0]));
  let requests = 0;
  let dropped = 0;
  let failure = null;
  const started = Date.now();

  // Council updates (the image uploads) are drawn more often than the rest: each image must reach the decoder.
  const weighted = ops.map((op) => ({
    weight: op.bodyKeys.includes('logoImage') ? 10 : 1,
    arbitrary: requestArbitrary(op, known),
  }));
  const imageStatuses = {};
  const property = fc.asyncProperty(fc.oneof(...weighted), async (sample) => {
    if (requests > 0 && requests % 250 === 0) {
      // Signed in again only when a fuzzed request ended the session (a sign-in spends a second-factor code, and
      // a staff account has two a 30-second step).
      if (!(await stillSignedIn(baseUrl, admin)))
        admin = await signInAdmin(baseUrl, adminLogin.email, adminLogin.password).catch(() => admin);
      log(`fuzz: ${requests} requests, ${JSON.stringify(statuses)}`);
    }
    const req = buildRequest(sample, baseUrl, admin);
    requests += 1;
    perOp.set(`${sample.op.method} ${sample.op.path}`, (perOp.get(`${sample.op.method} ${sample.op.path}`) ?? 0) + 1);
    let status;
    try {
      status = await send(req);
    } catch (error) {
      // The server may close the connection on a body it refuses to read; that is only a failure when the
      // API is not healthy after it.
      if (await healthy(baseUrl)) {
        dropped += 1;
        statuses.closed = (statuses.closed ?? 0) + 1;
        return true;
      }
      failure = {
        request: describe(req),
        answer: `no answer (${error.cause?.code ?? error.message}) and the API is down`,
      };
      return false;
    }
    statuses[status] = (statuses[status] ?? 0) + 1;
    if (req.kind === 'council images') imageStatuses[status] = (imageStatuses[status] ?? 0) + 1;
    if (status >= 500) {
      failure = { request: describe(req), answer: `HTTP ${status}` };
      return false;
    }
    return true;
  });
  const result = await fc.check(property, { numRuns: runs, seed, endOnFailure: true });
  const streams = await streamBurst(baseUrl, known.reference, Math.max(100, Math.min(1_500, Math.round(runs / 10))));
  log(`fuzz: live status streams opened at once: ${JSON.stringify(streams)}`);
  const streamFailure = Object.keys(streams).some((status) => Number(status) >= 500);
  const healthyAfter = await healthy(baseUrl);
  return {
    seed,
    requests,
    operations: ops.length,
    operationsHit: [...perOp.values()].filter((n) => n > 0).length,
    statuses,
    imageStatuses,
    streams,
    streamFailure,
    dropped,
    seconds: (Date.now() - started) / 1000,
    failed: result.failed,
    failure: failure && { ...failure, replay: `seed ${result.seed}, path "${result.counterexamplePath}"` },
    error: result.failed && !failure ? String(result.errorInstance?.stack ?? result.error) : null,
    healthyAfter,
  };
}
