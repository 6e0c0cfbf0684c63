/**
 * The one place that reads process.env. Everything is validated once, at start, into a typed AppConfig;
 * a missing or malformed variable stops the process with a message naming every bad variable.
 */
import { hkdfSync, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { resolve as resolvePath, sep } from 'node:path';
import { loadSigningKey, loadVerifyKey } from '@councilpay/documents';
import { loadPrivateKey, loadPublicKey, type KeyInput } from '@councilpay/fpx';
import { productionProblems } from './production-rules';

export type NodeEnv = 'development' | 'test' | 'production';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface AppConfig {
  nodeEnv: NodeEnv;
  host: string;
  port: number;
  databaseUrl: string;
  redisUrl: string;
  /** Prefix of every Redis key this process writes (BullMQ queues, sessions): lets runs share a server. */
  redisPrefix: string;
  logLevel: LogLevel;
  /** Where the browser reaches the portal (used for links in emails and gateway return URLs). */
  publicUrl: string;
  /** Built portal and console served by the API (empty: not served). */
  portalDist: string;
  consoleDist: string;
  /** Worker: how often the outbox relay runs. */
  outboxRelayEveryMs: number;
  /** Worker: a start not finished by then (Redis unreachable, a schedule refused) exits 1 naming its step. */
  workerStartTimeoutMs: number;
  /** Connections each process's database pool may open (the connection arithmetic is in docs/operations.md). */
  databasePoolSize: number;
  /**
   * The database URL for the live status stream's LISTEN: a direct connection to PostgreSQL (LISTEN does not work
   * through PgBouncer in transaction mode). Defaults to DATABASE_URL.
   */
  databaseListenUrl: string;
  /**
   * Which proxies' X-Forwarded-For to trust (production): a number of hops in front of the API, or a list of
   * addresses and CIDR ranges (and `loopback`, `linklocal`, `uniquelocal`), as Express's `trust proxy` takes it.
   */
  trustProxy: number | string;
  /** API and worker: the port of GET /metrics (Prometheus), apart from the API's; null: not served. */
  metricsPort: number | null;
  /** Worker: the port of its health endpoints (/live, /ready) for probes; null: not served. */
  workerHealthPort: number | null;
  gateways: GatewayConfig;
  notifications: NotificationConfig;
  requery: RequeryConfig;
  identity: IdentityConfig;
  documents: DocumentsConfig;
  liveStreams: LiveStreamsConfig;
  webhooks: WebhooksConfig;
}

/** Payments out: the council systems' webhooks. */
export interface WebhooksConfig {
  /** Seals each endpoint's signing secret at rest (AES-256-GCM under its SHA-256). */
  secretsKey: string;
  /** Keys secrets may still be sealed with while WEBHOOK_SECRETS_KEY is changed: they open, never seal. */
  previousSecretsKeys: string[];
  /** Endpoint URLs must be https and public (production); development and tests reach local receivers. */
  publicUrlsOnly: boolean;
  /** Worker: how often it looks for due deliveries. */
  deliverEveryMs: number;
  /** The daily collection files. */
  collectionFiles: {
    /** A Malaysian day's file is made this long after the day ends (late answers from the banks come first). */
    graceMs: number;
    /** Worker: how often it looks for days whose files are due. */
    everyMs: number;
    /** How many due days back the worker makes files that are missing (after it was down). */
    catchUpDays: number;
  };
}

export interface DocumentsConfig {
  /** Ed25519 private key (PKCS#8 PEM) that signs the codes printed on receipts and digital licences. */
  signingKeyPem: string;
  /**
   * Public keys (PEM) of earlier signing keys: documents printed before a key change still verify. Empty unless
   * DOCUMENT_PREVIOUS_PUBLIC_KEYS_FILE names a file of them.
   */
  previousPublicKeysPem: string[];
  /** PDFs are rendered in a pool of worker threads, each document within a heap and a time limit. */
  render: {
    threads: number;
    memoryMb: number;
    timeoutMs: number;
    /** Documents that may wait for a thread; more are refused at once (503). */
    queue: number;
  };
}

/** The live payment status streams (GET /api/payments/:reference/events) one API process holds open. */
export interface LiveStreamsConfig {
  perAddress: number;
  perPayment: number;
  /** All streams of the process; beyond it 503. */
  max: number;
  /** A stream that has sent no status for this long is ended (the page polls, then opens another). */
  idleMs: number;
  /** A comment line this often keeps proxies from closing a quiet stream. */
  keepAliveMs: number;
}

export interface IdentityConfig {
  /** Signs the session cookie and keys the hashes of SMS codes. */
  sessionSecret: string;
  /** A session ends after this long without a request (the cookie and the Redis entry roll forward). */
  sessionTtlMs: number;
  /** A session ends this long after its sign-in, however busy it is. */
  sessionAbsoluteTtlMs: number;
  /**
   * A staff session ends after this long without a request a person made (the console's own refreshes, sent
   * with X-CouncilPay-Background: 1, do not count). Payers' sessions keep sessionTtlMs.
   */
  staffSessionIdleMs: number;
  /** Failed logins are counted over this window, per account and per address. */
  loginThrottleWindowMs: number;
  loginMaxFailuresPerAccount: number;
  loginMaxFailuresPerAddress: number;
  /** Cookies marked Secure and the proxy's X-Forwarded-For trusted (production only). */
  secureCookies: boolean;
}

export interface NotificationConfig {
  /** smtp(s)://user:pass@host:port, or empty: emails go to the development sink (log + SinkMessage table). */
  smtpUrl: string;
  mailFrom: string;
  /** HTTP SMS provider (POST JSON {to, message} with a bearer token), or empty: the development sink. */
  smsUrl: string;
  smsToken: string;
  /** A worker's claim on a message it is sending; past it, another worker may send it (the first one died). */
  notifySendingLeaseMs: number;
  /** How often the worker looks for messages whose job was lost or whose sender died. */
  notifySweepEveryMs: number;
}

/** How the worker asks the gateways about payments without a final answer. */
export interface RequeryConfig {
  /** Requests to the gateways from the requery worker, per second (shared by every worker). */
  ratePerSecond: number;
  /** Enquiries one worker runs at once: they wait on the gateway, not on the CPU. */
  concurrency: number;
  /** Multiplies every requery delay and the 24-hour expiry (tests shrink time; 1 in production). */
  timeScale: number;
  /** How often the worker looks for payments whose enquiry is due (and ones to expire). */
  sweepEveryMs: number;
}

export interface GatewayConfig {
  fpx: {
    sellerExId: string;
    sellerId: string;
    sellerBankCode: string;
    msgToken: string;
    arUrl: string;
    aeUrl: string;
    beUrl: string;
    /** Parsed once at start-up (a KeyObject): parsing the PEM for every message signed cost a request's CPU. */
    sellerPrivateKeyPem: KeyInput;
    exchangePublicKeyPem: KeyInput;
  };
  card: {
    merchantId: string;
    payUrl: string;
    enquiryUrl: string;
    secret: string;
    /** The most one card payment may be, in sen (the card gateway's limit, and ours). */
    maxAmountSen: number;
  };
  /** Server-to-server calls to a gateway give up after this long. */
  timeoutMs: number;
  /** Gateway messages (callbacks, browser returns) accepted per source address and minute. */
  messagesPerMinute: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration: ${problems.join('; ')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const NODE_ENVS: readonly NodeEnv[] = ['development', 'test', 'production'];

export const CONFIG_DEFAULTS = {
  NODE_ENV: 'development',
  HOST: '0.0.0.0',
  PORT: '3000',
  DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/councilpay',
  REDIS_URL: 'redis://127.0.0.1:6379',
  REDIS_PREFIX: 'councilpay',
  LOG_LEVEL: 'info',
  PUBLIC_URL: 'http://localhost:3000',
  PORTAL_DIST: '',
  CONSOLE_DIST: '',
  OUTBOX_RELAY_EVERY_MS: '2000',
  WORKER_START_TIMEOUT_MS: '120000',
  DATABASE_POOL_SIZE: '10',
  DATABASE_LISTEN_URL: '',
  TRUST_PROXY: '1',
  METRICS_PORT: '',
  /** Empty: the worker serves no health endpoints (development runs several workers on one machine). */
  WORKER_HEALTH_PORT: '',
  /** Development and test only: where the gateway simulator's keys are (scripts create them). */
  DEV_KEYS_DIR: '.dev-keys',
  SIM_PUBLIC_URL: 'http://localhost:3100',
  FPX_SELLER_EX_ID: 'EX00000001',
  FPX_SELLER_ID: 'SE00000001',
  FPX_SELLER_BANK_CODE: '01',
  FPX_MSG_TOKEN: '01',
  FPX_AR_URL: '',
  FPX_AE_URL: '',
  FPX_BE_URL: '',
  FPX_SELLER_PRIVATE_KEY: '',
  FPX_SELLER_PRIVATE_KEY_FILE: '',
  FPX_EXCHANGE_CERT: '',
  FPX_EXCHANGE_CERT_FILE: '',
  CARD_MERCHANT_ID: 'CPDEMO0001',
  CARD_PAY_URL: '',
  CARD_ENQUIRY_URL: '',
  CARD_SECRET: '',
  CARD_SECRET_FILE: '',
  DOCUMENT_SIGNING_KEY: '',
  DOCUMENT_SIGNING_KEY_FILE: '',
  /** Optional: a file of earlier signing keys' public keys (PEM, one after another), so old documents verify. */
  DOCUMENT_PREVIOUS_PUBLIC_KEYS_FILE: '',
  /** RM 50,000.00: above any single council bill; at most 2147483647 (what a sen column holds). */
  CARD_MAX_AMOUNT_SEN: '5000000',
  GATEWAY_TIMEOUT_MS: '10000',
  SMTP_URL: '',
  MAIL_FROM: 'CouncilPay <no-reply@councilpay.my>',
  SMS_URL: '',
  SMS_TOKEN: '',
  REQUERY_RATE_PER_SECOND: '5',
  REQUERY_CONCURRENCY: '16',
  GATEWAY_RATE_PER_MINUTE: '1200',
  REQUERY_TIME_SCALE: '1',
  REQUERY_SWEEP_EVERY_MS: '30000',
  NOTIFY_SENDING_LEASE_MS: '120000',
  NOTIFY_SWEEP_EVERY_MS: '30000',
  /** Required in production; development and test fall back to DEV_SESSION_SECRET. */
  SESSION_SECRET: '',
  SESSION_TTL_MS: String(8 * 3600_000),
  SESSION_ABSOLUTE_TTL_MS: String(12 * 3600_000),
  STAFF_SESSION_IDLE_MS: String(30 * 60_000),
  LOGIN_THROTTLE_WINDOW_MS: String(15 * 60_000),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: '10',
  LOGIN_MAX_FAILURES_PER_ADDRESS: '20',
  DOCUMENT_RENDER_THREADS: '2',
  DOCUMENT_RENDER_MEMORY_MB: '128',
  DOCUMENT_RENDER_TIMEOUT_MS: '30000',
  DOCUMENT_RENDER_QUEUE: '100',
  LIVE_STREAMS_PER_ADDRESS: '5',
  LIVE_STREAMS_PER_PAYMENT: '3',
  LIVE_STREAMS_MAX: '2000',
  LIVE_STREAM_IDLE_MS: String(10 * 60_000),
  LIVE_STREAM_KEEPALIVE_MS: '15000',
  /** Optional: seals webhook secrets (default: derived from SESSION_SECRET). */
  WEBHOOK_SECRETS_KEY: '',
  /** Optional, while WEBHOOK_SECRETS_KEY changes: the keys it had before, comma-separated (they open, never seal). */
  WEBHOOK_SECRETS_PREVIOUS_KEYS: '',
  WEBHOOK_DELIVER_EVERY_MS: '1000',
  COLLECTION_FILE_GRACE_MS: String(2 * 3600_000),
  COLLECTION_FILE_EVERY_MS: String(10 * 60_000),
  COLLECTION_FILE_CATCH_UP_DAYS: '7',
} as const satisfies Record<string, string>;

type VariableName = keyof typeof CONFIG_DEFAULTS;

/** Reads variables with their defaults and collects every problem before failing. */
class EnvReader {
  readonly problems: string[] = [];
  constructor(private readonly env: Env) {}

  raw(name: VariableName): string {
    const value = this.env[name];
    return value === undefined || value === '' ? CONFIG_DEFAULTS[name] : value.trim();
  }

  oneOf<T extends string>(name: VariableName, allowed: readonly T[]): T {
    const value = this.raw(name);
    if ((allowed as readonly string[]).includes(value)) return value as T;
    this.problems.push(`${name} must be one of ${allowed.join(', ')} (got "${value}")`);
    return allowed[0];
  }

  integer(name: VariableName, min: number, max: number): number {
    const value = this.raw(name);
    const n = Number(value);
    if (/^\d+$/.test(value) && n >= min && n <= max) return n;
    this.problems.push(`${name} must be a whole number from ${min} to ${max} (got "${value}")`);
    return min;
  }

  /** A URL with one of the given protocols; the value is never echoed (it may hold a password). */
  url(name: VariableName, protocols: string[]): string {
    const value = this.raw(name);
    let parsed: URL | undefined;
    try {
      parsed = new URL(value);
    } catch {
      parsed = undefined;
    }
    if (parsed && protocols.includes(parsed.protocol) && parsed.hostname) return value;
    this.problems.push(
      `${name} is malformed: expected a ${protocols.map((p) => `${p}//`).join(' or ')} URL with a host`,
    );
    return value;
  }

  /**
   * A secret given inline (NAME) or as a file (NAME_FILE). Outside production a missing one falls back to
   * the development file in DEV_KEYS_DIR; in production it must be configured.
   */
  secret(
    name: VariableName,
    fileName: VariableName,
    devFile: string,
    production: boolean,
    check: (value: string) => void,
  ): string {
    const inline = this.raw(name);
    const file = this.raw(fileName) || (production ? '' : resolvePath(this.raw('DEV_KEYS_DIR'), devFile));
    let value = inline;
    if (!value && file) {
      try {
        value = readFileSync(file, 'utf8').trim();
      } catch {
        this.problems.push(`${fileName} cannot be read (${file}); run \`npm run dev:keys\` in development`);
        return '';
      }
    }
    if (!value) {
      this.problems.push(`${name} or ${fileName} is required in production`);
      return '';
    }
    if (production && this.isDevelopmentKey(value, file, devFile)) {
      this.problems.push(
        `${inline ? name : fileName} is a development key (made by \`npm run dev:keys\`, known to the simulator): configure the production one`,
      );
    }
    try {
      check(value);
    } catch (error) {
      this.problems.push(`${inline ? name : fileName} is malformed: ${(error as Error).message}`);
    }
    return value;
  }

  /** A key from the development keys folder: by where it is read from, or by being the same as the one there. */
  private isDevelopmentKey(value: string, file: string, devFile: string): boolean {
    const devDir = resolvePath(this.raw('DEV_KEYS_DIR'));
    if (file && (resolvePath(file).startsWith(`${devDir}${sep}`) || resolvePath(file).split(sep).includes('.dev-keys')))
      return true;
    try {
      return readFileSync(resolvePath(devDir, devFile), 'utf8').trim() === value;
    } catch {
      return false;
    }
  }

  /**
   * A key given as a secret (see `secret`), parsed here once. The text is kept only when it cannot be parsed,
   * and then the configuration is refused (the problem is recorded) before anything uses it.
   */
  key(
    name: VariableName,
    fileName: VariableName,
    devFile: string,
    production: boolean,
    parse: (pem: string) => KeyObject,
  ): KeyInput {
    let parsed: KeyObject | undefined;
    const pem = this.secret(name, fileName, devFile, production, (v) => {
      parsed = parse(v);
    });
    return parsed ?? pem;
  }

  text(name: VariableName, pattern: RegExp, hint: string): string {
    const value = this.raw(name);
    if (pattern.test(value)) return value;
    this.problems.push(`${name} ${hint} (got "${value}")`);
    return value;
  }
}

function readGateways(read: EnvReader, production: boolean): GatewayConfig {
  const sim = read.url('SIM_PUBLIC_URL', ['http:', 'https:']).replace(/\/+$/, '');
  const urlOr = (name: VariableName, fallback: string) =>
    read.raw(name) ? read.url(name, ['http:', 'https:']) : fallback;
  const id = /^[\w-]{1,40}$/;
  return {
    fpx: {
      sellerExId: read.text('FPX_SELLER_EX_ID', id, 'must be 1-40 letters, digits, _ or -'),
      sellerId: read.text('FPX_SELLER_ID', id, 'must be 1-40 letters, digits, _ or -'),
      sellerBankCode: read.text('FPX_SELLER_BANK_CODE', /^\d{2}$/, 'must be two digits'),
      msgToken: read.text('FPX_MSG_TOKEN', /^\d{2}$/, 'must be two digits (01 for personal banking)'),
      arUrl: urlOr('FPX_AR_URL', `${sim}/fpx/ar`),
      aeUrl: urlOr('FPX_AE_URL', `${sim}/fpx/ae`),
      beUrl: urlOr('FPX_BE_URL', `${sim}/fpx/be`),
      sellerPrivateKeyPem: read.key(
        'FPX_SELLER_PRIVATE_KEY',
        'FPX_SELLER_PRIVATE_KEY_FILE',
        'seller.key.pem',
        production,
        loadPrivateKey,
      ),
      exchangePublicKeyPem: read.key(
        'FPX_EXCHANGE_CERT',
        'FPX_EXCHANGE_CERT_FILE',
        'exchange.pub.pem',
        production,
        loadPublicKey,
      ),
    },
    card: {
      merchantId: read.text('CARD_MERCHANT_ID', id, 'must be 1-40 letters, digits, _ or -'),
      payUrl: urlOr('CARD_PAY_URL', `${sim}/card/pay`),
      enquiryUrl: urlOr('CARD_ENQUIRY_URL', `${sim}/card/enquiry`),
      secret: read.secret('CARD_SECRET', 'CARD_SECRET_FILE', 'card.secret', production, (v) => {
        if (v.length < 32) throw new Error('must be at least 32 characters');
      }),
      maxAmountSen: read.integer('CARD_MAX_AMOUNT_SEN', 100, 2_147_483_647),
    },
    timeoutMs: read.integer('GATEWAY_TIMEOUT_MS', 500, 120_000),
    messagesPerMinute: read.integer('GATEWAY_RATE_PER_MINUTE', 1, 1_000_000),
  };
}

function readRequery(read: EnvReader): RequeryConfig {
  const scale = Number(read.raw('REQUERY_TIME_SCALE'));
  if (!(scale > 0 && scale <= 1)) read.problems.push('REQUERY_TIME_SCALE must be a number above 0 and at most 1');
  return {
    ratePerSecond: read.integer('REQUERY_RATE_PER_SECOND', 1, 1000),
    concurrency: read.integer('REQUERY_CONCURRENCY', 1, 256),
    timeScale: scale > 0 && scale <= 1 ? scale : 1,
    sweepEveryMs: read.integer('REQUERY_SWEEP_EVERY_MS', 50, 3_600_000),
  };
}

function readNotifications(read: EnvReader, production: boolean): NotificationConfig {
  const smtpUrl = read.raw('SMTP_URL') ? read.url('SMTP_URL', ['smtp:', 'smtps:']) : '';
  const smsUrl = read.raw('SMS_URL') ? read.url('SMS_URL', ['http:', 'https:']) : '';
  if (production && !smtpUrl) read.problems.push('SMTP_URL is required in production (emails would go nowhere)');
  if (production && !smsUrl) read.problems.push('SMS_URL is required in production (SMS would go nowhere)');
  return {
    smtpUrl,
    mailFrom: read.text(
      'MAIL_FROM',
      /^[^\r\n]{3,200}$/,
      'must be a single line such as "CouncilPay <no-reply@example.my>"',
    ),
    smsUrl,
    smsToken: read.raw('SMS_TOKEN'),
    notifySendingLeaseMs: read.integer('NOTIFY_SENDING_LEASE_MS', 1000, 3_600_000),
    notifySweepEveryMs: read.integer('NOTIFY_SWEEP_EVERY_MS', 50, 3_600_000),
  };
}

/** Development and test only: never accepted in production. */
export const DEV_SESSION_SECRET = 'DEVELOPMENT-ONLY-session-secret-never-use-in-production';

function readIdentity(read: EnvReader, production: boolean): IdentityConfig {
  let sessionSecret = read.raw('SESSION_SECRET');
  if (production && !sessionSecret) read.problems.push('SESSION_SECRET is required in production');
  else if (production && (sessionSecret.length < 32 || sessionSecret === DEV_SESSION_SECRET))
    read.problems.push('SESSION_SECRET must be at least 32 random characters (not the development value)');
  if (!sessionSecret && !production) sessionSecret = DEV_SESSION_SECRET;
  return {
    sessionSecret,
    sessionTtlMs: read.integer('SESSION_TTL_MS', 60_000, 30 * 24 * 3600_000),
    sessionAbsoluteTtlMs: read.integer('SESSION_ABSOLUTE_TTL_MS', 1_000, 30 * 24 * 3600_000),
    staffSessionIdleMs: read.integer('STAFF_SESSION_IDLE_MS', 1_000, 24 * 3600_000),
    loginThrottleWindowMs: read.integer('LOGIN_THROTTLE_WINDOW_MS', 1_000, 24 * 3600_000),
    loginMaxFailuresPerAccount: read.integer('LOGIN_MAX_FAILURES_PER_ACCOUNT', 1, 1_000),
    loginMaxFailuresPerAddress: read.integer('LOGIN_MAX_FAILURES_PER_ADDRESS', 1, 100_000),
    secureCookies: production,
  };
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** TRUST_PROXY: hops (0-10) or a comma-separated list of addresses, CIDR ranges and Express's range names. */
function readTrustProxy(read: EnvReader): number | string {
  const value = read.raw('TRUST_PROXY').trim();
  if (/^\d+$/.test(value) && Number(value) <= 10) return Number(value);
  const entries = value.split(',').map((e) => e.trim());
  const valid = (entry: string) => {
    if (PROXY_NAMES.has(entry)) return true;
    const [address, prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    if (!family || rest.length) return false;
    return prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
  };
  if (value && entries.every(valid)) return entries.join(', ');
  read.problems.push(
    `TRUST_PROXY must be a number of proxy hops (0-10) or addresses and CIDR ranges separated by commas (got "${value}")`,
  );
  return 1;
}

/** The PEM public keys (Ed25519) a file holds, one after another; a problem when it cannot be read or one is not. */
function readPublicKeys(read: EnvReader, name: VariableName): string[] {
  const file = read.raw(name);
  if (!file) return [];
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    read.problems.push(`${name} cannot be read (${file})`);
    return [];
  }
  const pems = text.match(/-----BEGIN PUBLIC KEY-----[\s\S]+?-----END PUBLIC KEY-----/g) ?? [];
  if (!pems.length) read.problems.push(`${name} holds no public key (PEM, -----BEGIN PUBLIC KEY-----)`);
  for (const pem of pems) {
    try {
      loadVerifyKey(pem);
    } catch (error) {
      read.problems.push(`${name}: ${(error as Error).message}`);
    }
  }
  return pems;
}

/**
 * The key that seals webhook secrets: WEBHOOK_SECRETS_KEY when set (at least 32 characters in production), else
 * one derived from the session secret under its own label (HKDF), so a deployment needs no new secret. Sealed
 * secrets open under the key they were sealed with: to change the key, list the old one in
 * WEBHOOK_SECRETS_PREVIOUS_KEYS, seal everything again under the new one (`npm run secrets:reseal`), then drop it.
 */
/** WEBHOOK_SECRETS_KEY, or when not set one derived from SESSION_SECRET (the seed seals with it too). */
export function webhookSecretsKey(configured: string, sessionSecret: string): string {
  return (
    configured ||
    Buffer.from(hkdfSync('sha256', sessionSecret, '', 'councilpay webhook secrets v1', 32)).toString('base64url')
  );
}

function readWebhooks(read: EnvReader, production: boolean, sessionSecret: string): WebhooksConfig {
  const configured = read.raw('WEBHOOK_SECRETS_KEY');
  if (production && configured && configured.length < 32)
    read.problems.push('WEBHOOK_SECRETS_KEY must be at least 32 random characters');
  const secretsKey = webhookSecretsKey(configured, sessionSecret);
  const previousSecretsKeys = read
    .raw('WEBHOOK_SECRETS_PREVIOUS_KEYS')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  if (production && previousSecretsKeys.some((k) => k.length < 32))
    read.problems.push('WEBHOOK_SECRETS_PREVIOUS_KEYS must list keys of at least 32 characters, comma-separated');
  return {
    secretsKey,
    previousSecretsKeys,
    publicUrlsOnly: production,
    deliverEveryMs: read.integer('WEBHOOK_DELIVER_EVERY_MS', 100, 3_600_000),
    collectionFiles: {
      graceMs: read.integer('COLLECTION_FILE_GRACE_MS', 0, 24 * 3_600_000),
      everyMs: read.integer('COLLECTION_FILE_EVERY_MS', 1_000, 24 * 3_600_000),
      catchUpDays: read.integer('COLLECTION_FILE_CATCH_UP_DAYS', 1, 366),
    },
  };
}

export function loadConfig(env: Env): AppConfig {
  const read = new EnvReader(env);
  const nodeEnv = read.oneOf('NODE_ENV', NODE_ENVS);
  const identity = readIdentity(read, nodeEnv === 'production');
  const config: AppConfig = {
    nodeEnv,
    host: read.text('HOST', /^[\w.:-]+$/, 'must be a host name or address'),
    port: read.integer('PORT', 1, 65535),
    databaseUrl: read.url('DATABASE_URL', ['postgres:', 'postgresql:']),
    redisUrl: read.url('REDIS_URL', ['redis:', 'rediss:']),
    redisPrefix: read.text('REDIS_PREFIX', /^[\w:.-]{1,64}$/, 'must be 1-64 letters, digits, _ : . or -'),
    logLevel: read.oneOf('LOG_LEVEL', LOG_LEVELS),
    publicUrl: read.url('PUBLIC_URL', ['http:', 'https:']).replace(/\/+$/, ''),
    portalDist: read.raw('PORTAL_DIST'),
    consoleDist: read.raw('CONSOLE_DIST'),
    outboxRelayEveryMs: read.integer('OUTBOX_RELAY_EVERY_MS', 100, 3_600_000),
    workerStartTimeoutMs: read.integer('WORKER_START_TIMEOUT_MS', 1_000, 3_600_000),
    databasePoolSize: read.integer('DATABASE_POOL_SIZE', 1, 500),
    databaseListenUrl: read.raw('DATABASE_LISTEN_URL')
      ? read.url('DATABASE_LISTEN_URL', ['postgres:', 'postgresql:'])
      : read.raw('DATABASE_URL'),
    trustProxy: readTrustProxy(read),
    metricsPort: read.raw('METRICS_PORT') ? read.integer('METRICS_PORT', 1, 65535) : null,
    workerHealthPort: read.raw('WORKER_HEALTH_PORT') ? read.integer('WORKER_HEALTH_PORT', 1, 65535) : null,
    gateways: readGateways(read, nodeEnv === 'production'),
    notifications: readNotifications(read, nodeEnv === 'production'),
    requery: readRequery(read),
    identity,
    documents: {
      signingKeyPem: read.secret(
        'DOCUMENT_SIGNING_KEY',
        'DOCUMENT_SIGNING_KEY_FILE',
        'documents.key.pem',
        nodeEnv === 'production',
        (v) => loadSigningKey(v),
      ),
      previousPublicKeysPem: readPublicKeys(read, 'DOCUMENT_PREVIOUS_PUBLIC_KEYS_FILE'),
      render: {
        threads: read.integer('DOCUMENT_RENDER_THREADS', 1, 64),
        memoryMb: read.integer('DOCUMENT_RENDER_MEMORY_MB', 64, 8192),
        timeoutMs: read.integer('DOCUMENT_RENDER_TIMEOUT_MS', 1_000, 600_000),
        queue: read.integer('DOCUMENT_RENDER_QUEUE', 0, 100_000),
      },
    },
    liveStreams: {
      perAddress: read.integer('LIVE_STREAMS_PER_ADDRESS', 1, 10_000),
      perPayment: read.integer('LIVE_STREAMS_PER_PAYMENT', 1, 10_000),
      max: read.integer('LIVE_STREAMS_MAX', 1, 1_000_000),
      idleMs: read.integer('LIVE_STREAM_IDLE_MS', 1_000, 24 * 3600_000),
      keepAliveMs: read.integer('LIVE_STREAM_KEEPALIVE_MS', 100, 3_600_000),
    },
    webhooks: readWebhooks(read, nodeEnv === 'production', identity.sessionSecret),
  };
  if (nodeEnv === 'production') {
    read.problems.push(
      ...productionProblems(config, read.raw('SIM_PUBLIC_URL'), {
        FPX_SELLER_EX_ID: CONFIG_DEFAULTS.FPX_SELLER_EX_ID,
        FPX_SELLER_ID: CONFIG_DEFAULTS.FPX_SELLER_ID,
        CARD_MERCHANT_ID: CONFIG_DEFAULTS.CARD_MERCHANT_ID,
      }),
    );
  }
  if (read.problems.length > 0) throw new ConfigError(read.problems);
  return config;
}
