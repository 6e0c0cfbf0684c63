/**
 * The one place that reads process.env. Everything is validated once, at start, into a typed AppConfig;
 * a missing or malformed variable stops the process with a message naming every bad variable.
 */
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
} as const satisfies Record<string, string>;

/** Reads variables with their defaults and collects every problem before failing. */
class EnvReader {
  readonly problems: string[] = [];
  constructor(private readonly env: Env) {}

  raw(name: keyof typeof CONFIG_DEFAULTS): string {
    const value = this.env[name];
    return value === undefined || value === '' ? CONFIG_DEFAULTS[name] : value.trim();
  }

  oneOf<T extends string>(name: keyof typeof CONFIG_DEFAULTS, allowed: readonly T[]): T {
    const value = this.raw(name);
    if ((allowed as readonly string[]).includes(value)) return value as T;
    this.problems.push(`${name} must be one of ${allowed.join(', ')} (got "${value}")`);
    return allowed[0];
  }

  integer(name: keyof typeof CONFIG_DEFAULTS, min: number, max: number): number {
    const value = this.raw(name);
    const n = Number(value);
    if (/^\d+$/.test(value) && n >= min && n <= max) return n;
    this.problems.push(`${name} must be a whole number from ${min} to ${max} (got "${value}")`);
    return min;
  }

  /** A URL with one of the given protocols; the value is never echoed (it may hold a password). */
  url(name: keyof typeof CONFIG_DEFAULTS, protocols: string[]): string {
    const value = this.raw(name);
    let parsed: URL | undefined;
    try {
      parsed = new URL(value);
    } catch {
      parsed = undefined;
    }
    if (parsed && protocols.includes(parsed.protocol) && parsed.hostname) return value;
    this.problems.push(`${name} is malformed: expected a ${protocols.map((p) => `${p}//`).join(' or ')} URL with a host`);
    return value;
  }

  text(name: keyof typeof CONFIG_DEFAULTS, pattern: RegExp, hint: string): string {
    const value = this.raw(name);
    if (pattern.test(value)) return value;
    this.problems.push(`${name} ${hint} (got "${value}")`);
    return value;
  }
}

export function loadConfig(env: Env): AppConfig {
  const read = new EnvReader(env);
  const config: AppConfig = {
    nodeEnv: read.oneOf('NODE_ENV', NODE_ENVS),
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
  };
  if (read.problems.length > 0) throw new ConfigError(read.problems);
  return config;
}
