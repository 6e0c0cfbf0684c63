/**
 * The simulator's configuration, read once from the environment and validated at start: every bad
 * variable is reported in one ConfigError (main.ts prints it and exits 1).
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { KeyObject } from 'node:crypto';
import { FPX_BANKS, loadPrivateKey, loadPublicKey } from '@councilpay/fpx';
import { defaultDevKeysDir, ensureDevKeys, type DevKeyPaths } from '@councilpay/fpx';
import type { QrAcquirerSettings } from './context';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './delivery';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** Banks listed offline ('B') in the bank list unless SIM_OFFLINE_BANKS says otherwise. */
export const DEFAULT_OFFLINE_BANKS: readonly string[] = Object.freeze(['HSBC0223', 'KFH0346']);

export const SIM_DEFAULTS = {
  SIM_HOST: '0.0.0.0',
  SIM_PORT: '3100',
  SIM_PUBLIC_URL: 'http://localhost:3100',
  LOG_LEVEL: 'info',
  FPX_DIRECT_AC_URL: 'http://localhost:3000/api/gateways/fpx/direct',
  FPX_INDIRECT_AC_URL: 'http://localhost:3000/api/gateways/fpx/indirect',
  QR_NOTIFY_URL: 'http://localhost:3000/api/gateways/duitnow/notify',
  SIM_QR_MERCHANT_NAME: 'COUNCILPAY SABAH',
  SIM_QR_MERCHANT_CITY: 'KOTA KINABALU',
  SIM_OFFLINE_BANKS: DEFAULT_OFFLINE_BANKS.join(','),
  SIM_RETRY_DELAYS_MS: DEFAULT_RETRY_POLICY.delaysMs.join(','),
  SIM_RETRY_MAX_ATTEMPTS: String(DEFAULT_RETRY_POLICY.maxAttempts),
  SIM_HTTP_TIMEOUT_MS: String(DEFAULT_RETRY_POLICY.timeoutMs),
} as const satisfies Record<string, string>;

export interface SimConfig {
  host: string;
  port: number;
  /** Where browsers reach the simulator (start-up log and the index page). */
  publicUrl: string;
  logLevel: LogLevel;
  /** Signs what the simulated exchange sends (AC, AE answers, BC). */
  exchangePrivateKey: KeyObject;
  /** Verifies what the merchant sends (AR, AE, BE). */
  sellerPublicKey: KeyObject;
  /** HMAC secret shared with the merchant for the card gateway. */
  cardSecret: string;
  /** Where each key came from (a file path, an environment variable or the dev keys folder); never the key. */
  keySources: {
    exchangePrivateKey: string;
    sellerPublicKey: string;
    cardSecret: string;
    qrSecretKey: string;
    qrWebhookSecret: string;
  };
  devKeysDir: string;
  fpxDirectAcUrl: string;
  fpxIndirectAcUrl: string;
  offlineBanks: string[];
  retry: RetryPolicy;
  /** JSON file that keeps the transactions across restarts; null: memory only. */
  stateFile: string | null;
  /** The DuitNow QR acquirer's merchant: its keys, where notifications go, its name on codes. */
  qr: QrAcquirerSettings;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

type Env = Readonly<Record<string, string | undefined>>;
type DefaultName = keyof typeof SIM_DEFAULTS;

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

class EnvReader {
  readonly problems: string[] = [];
  constructor(private readonly env: Env) {}

  given(name: string): string | undefined {
    const value = this.env[name];
    return value === undefined || value.trim() === '' ? undefined : value;
  }

  raw(name: DefaultName): string {
    return this.given(name)?.trim() ?? SIM_DEFAULTS[name];
  }

  integer(name: DefaultName, min: number, max: number): number {
    const value = this.raw(name);
    const n = Number(value);
    if (/^\d+$/.test(value) && n >= min && n <= max) return n;
    this.problems.push(`${name} must be a whole number from ${min} to ${max} (got "${value}")`);
    return min;
  }

  url(name: DefaultName): string {
    const value = this.raw(name);
    try {
      const parsed = new URL(value);
      if ((parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname) return value;
    } catch {
      // reported below
    }
    this.problems.push(`${name} must be an http:// or https:// URL (got "${value}")`);
    return value;
  }

  logLevel(): LogLevel {
    const value = this.raw('LOG_LEVEL');
    const found = LOG_LEVELS.find((level) => level === value);
    if (found) return found;
    this.problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${value}")`);
    return 'info';
  }

  offlineBanks(): string[] {
    const value = this.raw('SIM_OFFLINE_BANKS');
    if (value.toLowerCase() === 'none') return [];
    const ids = value
      .split(',')
      .map((id) => id.trim())
      .filter((id) => id.length > 0);
    const known = new Set(FPX_BANKS.map((bank) => bank.id));
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length > 0) {
      this.problems.push(
        `SIM_OFFLINE_BANKS lists unknown bank ids: ${unknown.join(', ')} (use ids of the FPX bank list, or "none")`,
      );
    }
    return [...new Set(ids)];
  }

  delays(): number[] {
    const value = this.raw('SIM_RETRY_DELAYS_MS');
    const parts = value.split(',').map((part) => part.trim());
    if (parts.length > 0 && parts.every((part) => /^\d+$/.test(part) && Number(part) <= 86_400_000))
      return parts.map(Number);
    this.problems.push(
      `SIM_RETRY_DELAYS_MS must be a comma list of milliseconds, e.g. 1000,2000,5000 (got "${value}")`,
    );
    return [...DEFAULT_RETRY_POLICY.delaysMs];
  }
}

interface KeySpec<T> {
  name: string;
  what: string;
  devFile: (paths: DevKeyPaths) => string;
  parse: (text: string) => T;
}

/** Reads one key from NAME_FILE, NAME or (when neither is set) the dev keys folder. */
function readKey<T>(
  read: EnvReader,
  spec: KeySpec<T>,
  devKeys: () => DevKeyPaths | undefined,
): { value: T | undefined; source: string } {
  const fileVar = `${spec.name}_FILE`;
  const filePath = read.given(fileVar)?.trim();
  const inline = read.given(spec.name);
  if (filePath !== undefined && inline !== undefined) {
    read.problems.push(`set only one of ${spec.name} and ${fileVar}`);
    return { value: undefined, source: '' };
  }
  let text: string;
  let source: string;
  let variable: string;
  if (filePath !== undefined) {
    variable = fileVar;
    source = resolve(filePath);
    try {
      text = readFileSync(source, 'utf8');
    } catch (error) {
      read.problems.push(`${fileVar}: cannot read ${source} (${message(error)})`);
      return { value: undefined, source };
    }
  } else if (inline !== undefined) {
    variable = spec.name;
    source = `env ${spec.name}`;
    // PEM in a one-line variable often has literal "\n" escapes.
    text = inline.includes('\n') ? inline : inline.replace(/\\n/g, '\n');
  } else {
    const paths = devKeys();
    if (paths === undefined) return { value: undefined, source: '' };
    variable = `dev key file`;
    source = spec.devFile(paths);
    try {
      text = readFileSync(source, 'utf8');
    } catch (error) {
      read.problems.push(`cannot read ${source} (${message(error)})`);
      return { value: undefined, source };
    }
  }
  try {
    return { value: spec.parse(text), source };
  } catch (error) {
    read.problems.push(`${variable} (${source}) is not ${spec.what}: ${message(error)}`);
    return { value: undefined, source };
  }
}

function parseSecret(text: string): string {
  const secret = text.trim();
  if (secret.length < 16) throw new Error('the secret must be at least 16 characters');
  if (/[\s]/.test(secret)) throw new Error('the secret must not contain whitespace');
  return secret;
}

function parseBase64Secret(text: string): string {
  const secret = text.trim();
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(secret) || Buffer.from(secret, 'base64').length < 32)
    throw new Error('the secret must be base64 of at least 32 bytes');
  return secret;
}

/**
 * Reads and validates the environment. Keys not given are taken from the dev keys folder
 * (DEV_KEYS_DIR, default `<repo root>/.dev-keys`), generated there at first start.
 * Throws ConfigError listing every problem.
 */
export function loadSimConfig(env: Env = process.env): SimConfig {
  const read = new EnvReader(env);
  const devKeysDir = defaultDevKeysDir(env);
  let devPaths: DevKeyPaths | undefined;
  let devFailed = false;
  const devKeys = (): DevKeyPaths | undefined => {
    if (devPaths === undefined && !devFailed) {
      try {
        devPaths = ensureDevKeys(devKeysDir);
      } catch (error) {
        devFailed = true;
        read.problems.push(`development keys in ${devKeysDir} (DEV_KEYS_DIR): ${message(error)}`);
      }
    }
    return devPaths;
  };

  const host = read.raw('SIM_HOST');
  const port = read.integer('SIM_PORT', 1, 65535);
  // Unset: follows SIM_PORT (http://localhost:3100 by default).
  const publicUrl = (
    read.given('SIM_PUBLIC_URL') === undefined ? `http://localhost:${port}` : read.url('SIM_PUBLIC_URL')
  ).replace(/\/+$/, '');
  const logLevel = read.logLevel();
  const fpxDirectAcUrl = read.url('FPX_DIRECT_AC_URL');
  const fpxIndirectAcUrl = read.url('FPX_INDIRECT_AC_URL');
  const offlineBanks = read.offlineBanks();
  const retry: RetryPolicy = {
    delaysMs: read.delays(),
    maxAttempts: read.integer('SIM_RETRY_MAX_ATTEMPTS', 1, 1000),
    timeoutMs: read.integer('SIM_HTTP_TIMEOUT_MS', 100, 300_000),
  };

  const exchange = readKey(
    read,
    {
      name: 'FPX_EXCHANGE_PRIVATE_KEY',
      what: 'a PEM private key',
      devFile: (p) => p.exchangePrivateKey,
      parse: (text) => {
        const key = loadPrivateKey(text);
        if (key.asymmetricKeyType !== 'rsa')
          throw new Error(`expected an RSA key, got ${String(key.asymmetricKeyType)}`);
        return key;
      },
    },
    devKeys,
  );
  const seller = readKey(
    read,
    {
      name: 'FPX_SELLER_PUBLIC_KEY',
      what: 'a PEM public key or certificate',
      devFile: (p) => p.sellerPublicKey,
      parse: (text) => {
        const key = loadPublicKey(text);
        if (key.asymmetricKeyType !== 'rsa')
          throw new Error(`expected an RSA key, got ${String(key.asymmetricKeyType)}`);
        return key;
      },
    },
    devKeys,
  );
  const card = readKey(
    read,
    { name: 'CARD_SECRET', what: 'a usable secret', devFile: (p) => p.cardSecret, parse: parseSecret },
    devKeys,
  );

  const qrSecretKey = readKey(
    read,
    { name: 'QR_SECRET_KEY', what: 'a usable secret', devFile: (p) => p.qrSecretKey, parse: parseSecret },
    devKeys,
  );
  const qrWebhookSecret = readKey(
    read,
    {
      name: 'QR_WEBHOOK_SECRET',
      what: 'base64 of at least 32 bytes',
      devFile: (p) => p.qrWebhookSecret,
      parse: parseBase64Secret,
    },
    devKeys,
  );
  const qrNotifyUrl = read.url('QR_NOTIFY_URL');
  const qrMerchantName = read.raw('SIM_QR_MERCHANT_NAME');
  const qrMerchantCity = read.raw('SIM_QR_MERCHANT_CITY');
  if (!/^[\x20-\x7e]{1,25}$/.test(qrMerchantName))
    read.problems.push('SIM_QR_MERCHANT_NAME must be 1 to 25 printable ASCII characters');
  if (!/^[\x20-\x7e]{1,15}$/.test(qrMerchantCity))
    read.problems.push('SIM_QR_MERCHANT_CITY must be 1 to 15 printable ASCII characters');

  const stateVar = read.given('SIM_STATE_FILE')?.trim();
  const stateFile =
    stateVar === undefined
      ? join(devKeysDir, 'sim-state.json')
      : stateVar.toLowerCase() === 'off'
        ? null
        : resolve(stateVar);

  if (
    read.problems.length > 0 ||
    exchange.value === undefined ||
    seller.value === undefined ||
    card.value === undefined ||
    qrSecretKey.value === undefined ||
    qrWebhookSecret.value === undefined
  ) {
    throw new ConfigError(read.problems.length > 0 ? read.problems : ['keys could not be loaded']);
  }
  return {
    host,
    port,
    publicUrl,
    logLevel,
    exchangePrivateKey: exchange.value,
    sellerPublicKey: seller.value,
    cardSecret: card.value,
    keySources: {
      exchangePrivateKey: exchange.source,
      sellerPublicKey: seller.source,
      cardSecret: card.source,
      qrSecretKey: qrSecretKey.source,
      qrWebhookSecret: qrWebhookSecret.source,
    },
    devKeysDir,
    fpxDirectAcUrl,
    fpxIndirectAcUrl,
    offlineBanks,
    retry,
    stateFile,
    qr: {
      secretKey: qrSecretKey.value,
      webhookSecret: qrWebhookSecret.value,
      notifyUrl: qrNotifyUrl,
      merchantName: qrMerchantName,
      merchantCity: qrMerchantCity,
    },
  };
}
