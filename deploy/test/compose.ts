/**
 * Reads docker-compose.yml the way Docker Compose v2 does, for the parts our file uses, so that a test can
 * check it without a Docker engine:
 * - YAML with merge keys (`<<: *anchor`);
 * - interpolation of every value in the WHOLE file first (`$$`, `$VAR`, `${VAR}`, `${VAR:-default}`,
 *   `${VAR-default}`, `${VAR:?message}`, `${VAR?message}`, `${VAR:+alt}`, `${VAR+alt}`), before profiles are
 *   applied: a `${VAR:?}` in a service of another profile still stops `docker compose up`;
 * - then profiles: a service with no `profiles` always runs, one with profiles runs when one is active;
 * - then, for the services that run only, each `env_file` is read and interpolated (so a required variable
 *   there stops only the profile that uses it), and `environment` entries override it;
 * - volumes (named and bind) and file secrets, mounted where the container sees them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parse } from 'yaml';

export type Env = Readonly<Record<string, string | undefined>>;

export class ComposeError extends Error {}

type Lookup = (name: string) => string | undefined;

/** Finds the `}` that closes the `${` whose body starts at `start`, allowing nested `${...}`. */
function closingBrace(text: string, start: number): number {
  let depth = 1;
  for (let i = start; i < text.length; i += 1) {
    if (text[i] === '$' && text[i + 1] === '{') {
      depth += 1;
      i += 1;
    } else if (text[i] === '}') {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  return -1;
}

/** Compose's variable substitution in one string. Throws ComposeError for a required variable left unset. */
export function substitute(text: string, lookup: Lookup, where: string, unset?: Set<string>): string {
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (c !== '$') {
      out += c;
      continue;
    }
    const next = text[i + 1];
    if (next === '$') {
      out += '$';
      i += 1;
      continue;
    }
    if (next === '{') {
      const end = closingBrace(text, i + 2);
      if (end < 0) throw new ComposeError(`${where}: invalid interpolation format in "${text}"`);
      const body = text.slice(i + 2, end);
      const m = /^([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?+])([\s\S]*))?$/.exec(body);
      if (!m) throw new ComposeError(`${where}: invalid interpolation format in "${text}"`);
      const [, name, op, arg = ''] = m;
      const value = lookup(name);
      const isSet = value !== undefined;
      const isNonEmpty = isSet && value !== '';
      const nested = () => substitute(arg, lookup, where, unset);
      switch (op) {
        case undefined:
          if (!isSet) unset?.add(name);
          out += value ?? '';
          break;
        case ':-':
          out += isNonEmpty ? value : nested();
          break;
        case '-':
          out += isSet ? value : nested();
          break;
        case ':?':
        case '?':
          if (op === ':?' ? !isNonEmpty : !isSet)
            throw new ComposeError(`${where}: required variable ${name} is missing a value: ${nested()}`);
          out += value;
          break;
        case ':+':
          out += isNonEmpty ? nested() : '';
          break;
        case '+':
          out += isSet ? nested() : '';
          break;
      }
      i = end;
      continue;
    }
    const bare = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i + 1));
    if (!bare) {
      out += '$';
      continue;
    }
    const value = lookup(bare[0]);
    if (value === undefined) unset?.add(bare[0]);
    out += value ?? '';
    i += bare[0].length;
  }
  return out;
}

function interpolateTree(node: unknown, lookup: Lookup, path: string, unset: Set<string>): unknown {
  if (typeof node === 'string') return substitute(node, lookup, path, unset);
  if (Array.isArray(node)) return node.map((item, i) => interpolateTree(item, lookup, `${path}[${i}]`, unset));
  if (node && typeof node === 'object') {
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => [key, interpolateTree(value, lookup, `${path}.${key}`, unset)]),
    );
  }
  return node;
}

/** A dotenv file as Compose reads it: KEY=VALUE lines, `#` comments, quotes, values interpolated. */
export function parseEnvFile(text: string, lookup: Lookup, where: string): Record<string, string> {
  const vars: Record<string, string> = {};
  const lines = text.split('\n');
  for (let n = 0; n < lines.length; n += 1) {
    const line = lines[n].trim();
    if (line === '' || line.startsWith('#')) continue;
    const m = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\s*=\s*(.*)$/.exec(line);
    if (!m) throw new ComposeError(`${where}:${n + 1}: expected KEY=VALUE`);
    const [, key, raw] = m;
    const own: Lookup = (name) => lookup(name) ?? vars[name];
    if (raw.startsWith("'")) {
      vars[key] = raw.slice(1, raw.lastIndexOf("'"));
    } else if (raw.startsWith('"')) {
      vars[key] = substitute(raw.slice(1, raw.lastIndexOf('"')).replace(/\\n/g, '\n'), own, `${where}:${n + 1}`);
    } else {
      vars[key] = substitute(raw.split(' #')[0].trimEnd(), own, `${where}:${n + 1}`);
    }
  }
  return vars;
}

export interface Mount {
  /** Where the container sees it. */
  target: string;
  kind: 'volume' | 'bind' | 'secret';
  /** Volume name, host path (bind) or secret name. */
  source: string;
  readOnly: boolean;
}

export interface Service {
  name: string;
  profiles: string[];
  raw: Record<string, unknown>;
  /** The Dockerfile target it builds, if it builds one. */
  buildTarget?: string;
  image?: string;
  command?: string[];
  user?: string;
  /** The environment Compose gives the container (env_file, then environment on top). */
  environment: Record<string, string>;
  mounts: Mount[];
  dependsOn: Record<string, { condition: string; required: boolean }>;
  stopGracePeriodSeconds?: number;
}

export interface ComposeProject {
  /** The file after interpolation (before profiles), as `docker compose config` would print it. */
  model: Record<string, unknown>;
  /** Services that run for the active profiles. */
  services: Map<string, Service>;
  /** Every service in the file, whatever its profiles. */
  allServiceNames: string[];
  volumes: string[];
  secrets: Record<string, { file?: string; environment?: string }>;
  /** Variables referenced as plain `${VAR}` but not set (Compose warns and uses ""). */
  unsetVariables: string[];
}

function asRecord(value: unknown, where: string): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw new ComposeError(`${where} must be a mapping`);
  return value as Record<string, unknown>;
}

function stringList(value: unknown, where: string): string[] {
  if (value === undefined || value === null) return [];
  if (typeof value === 'string') return [value];
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string'))
    throw new ComposeError(`${where} must be a list of strings`);
  return value as string[];
}

/** Compose durations: 1m30s, 150s, 2m, 500ms. */
export function durationSeconds(value: unknown, where: string): number {
  if (typeof value !== 'string') throw new ComposeError(`${where} must be a duration such as 150s`);
  const parts = [...value.matchAll(/(\d+(?:\.\d+)?)(h|ms|m|s|us|ns)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== value)
    throw new ComposeError(`${where}: "${value}" is not a duration such as 150s`);
  const unit: Record<string, number> = { h: 3600, m: 60, s: 1, ms: 1e-3, us: 1e-6, ns: 1e-9 };
  return parts.reduce((sum, p) => sum + Number(p[1]) * unit[p[2]], 0);
}

function environmentOf(value: unknown, where: string, projectEnv: Env): Record<string, string | null> {
  const env: Record<string, string | null> = {};
  if (Array.isArray(value)) {
    for (const entry of value) {
      if (typeof entry !== 'string') throw new ComposeError(`${where} entries must be strings`);
      const eq = entry.indexOf('=');
      env[eq < 0 ? entry : entry.slice(0, eq)] = eq < 0 ? null : entry.slice(eq + 1);
    }
  } else {
    for (const [key, v] of Object.entries(asRecord(value, where)))
      env[key] = v === null || v === undefined ? null : String(v);
  }
  // A name without a value passes the variable through from where Compose runs (dropped when unset there).
  for (const [key, v] of Object.entries(env)) if (v === null) env[key] = projectEnv[key] ?? null;
  return env;
}

function mountsOf(service: Record<string, unknown>, where: string, baseDir: string, volumes: string[]): Mount[] {
  const mounts: Mount[] = [];
  for (const entry of (service['volumes'] as unknown[] | undefined) ?? []) {
    if (typeof entry !== 'string') throw new ComposeError(`${where}.volumes: use the short form source:target[:ro]`);
    const [source, target, mode] = entry.split(':');
    if (!target) throw new ComposeError(`${where}.volumes: "${entry}" has no target`);
    const bind = source.startsWith('.') || source.startsWith('/');
    if (!bind && !volumes.includes(source))
      throw new ComposeError(`${where}.volumes: volume "${source}" is not declared under the top-level volumes`);
    mounts.push({
      target,
      kind: bind ? 'bind' : 'volume',
      source: bind ? resolve(baseDir, source) : source,
      readOnly: mode === 'ro',
    });
  }
  for (const entry of (service['secrets'] as unknown[] | undefined) ?? []) {
    const source = typeof entry === 'string' ? entry : String(asRecord(entry, `${where}.secrets`)['source']);
    const target = typeof entry === 'string' ? entry : String(asRecord(entry, `${where}.secrets`)['target'] ?? source);
    mounts.push({
      target: target.startsWith('/') ? target : `/run/secrets/${target}`,
      kind: 'secret',
      source,
      readOnly: true,
    });
  }
  return mounts;
}

const SERVICE_KEYS = new Set([
  'build',
  'image',
  'command',
  'entrypoint',
  'environment',
  'env_file',
  'volumes',
  'secrets',
  'ports',
  'expose',
  'depends_on',
  'healthcheck',
  'profiles',
  'restart',
  'stop_grace_period',
  'stop_signal',
  'user',
  'networks',
  'read_only',
  'tmpfs',
  'init',
  'deploy',
  'labels',
  'logging',
  'working_dir',
]);
const TOP_KEYS = new Set(['name', 'services', 'volumes', 'secrets', 'networks', 'configs']);
const CONDITIONS = new Set(['service_started', 'service_healthy', 'service_completed_successfully']);
const RESTART = new Set(['no', 'always', 'on-failure', 'unless-stopped']);

/**
 * Checks the keys and shapes our file uses against the Compose specification (no schema package for it
 * installs offline, so this is the subset we use, strictly: an unknown key is an error, as in Compose).
 */
function checkShape(model: Record<string, unknown>): void {
  for (const key of Object.keys(model))
    if (!TOP_KEYS.has(key) && !key.startsWith('x-')) throw new ComposeError(`unknown top-level key "${key}"`);
  for (const [name, value] of Object.entries(asRecord(model['services'], 'services'))) {
    const where = `services.${name}`;
    const service = asRecord(value, where);
    for (const key of Object.keys(service))
      if (!SERVICE_KEYS.has(key) && !key.startsWith('x-')) throw new ComposeError(`${where}: unknown key "${key}"`);
    if (!service['image'] && !service['build']) throw new ComposeError(`${where} needs an image or a build`);
    if (service['build'] !== undefined && typeof service['build'] !== 'string') {
      const build = asRecord(service['build'], `${where}.build`);
      if (typeof build['context'] !== 'string') throw new ComposeError(`${where}.build.context must be a string`);
    }
    for (const key of ['command', 'entrypoint'])
      if (service[key] !== undefined && typeof service[key] !== 'string') stringList(service[key], `${where}.${key}`);
    stringList(service['profiles'], `${where}.profiles`);
    if (service['restart'] !== undefined && !RESTART.has(String(service['restart'])))
      throw new ComposeError(`${where}.restart must be one of ${[...RESTART].join(', ')}`);
    if (service['stop_grace_period'] !== undefined)
      durationSeconds(service['stop_grace_period'], `${where}.stop_grace_period`);
    const health = service['healthcheck'];
    if (health !== undefined) {
      const h = asRecord(health, `${where}.healthcheck`);
      stringList(h['test'], `${where}.healthcheck.test`);
      for (const key of ['interval', 'timeout', 'start_period'])
        if (h[key] !== undefined) durationSeconds(h[key], `${where}.healthcheck.${key}`);
    }
    const dependsOn = service['depends_on'];
    if (dependsOn !== undefined && !Array.isArray(dependsOn)) {
      for (const [dep, spec] of Object.entries(asRecord(dependsOn, `${where}.depends_on`))) {
        const condition = asRecord(spec, `${where}.depends_on.${dep}`)['condition'];
        if (condition !== undefined && !CONDITIONS.has(String(condition)))
          throw new ComposeError(`${where}.depends_on.${dep}.condition "${String(condition)}" is not a condition`);
      }
    }
  }
}

export interface LoadOptions {
  /** The environment `docker compose` runs in (the operator's shell and .env). */
  env: Env;
  /** The profiles given with --profile. */
  profiles: string[];
}

export function loadCompose(file: string, options: LoadOptions): ComposeProject {
  const baseDir = dirname(file);
  const parsed: unknown = parse(readFileSync(file, 'utf8'), { merge: true });
  const unset = new Set<string>();
  const lookup: Lookup = (name) => options.env[name];
  const model = asRecord(interpolateTree(parsed, lookup, file, unset), 'the file');
  checkShape(model);

  const volumes = Object.keys(asRecord(model['volumes'], 'volumes'));
  const secrets: ComposeProject['secrets'] = {};
  for (const [name, spec] of Object.entries(asRecord(model['secrets'], 'secrets'))) {
    const s = asRecord(spec, `secrets.${name}`);
    secrets[name] = {
      file: typeof s['file'] === 'string' ? resolve(baseDir, s['file']) : undefined,
      environment: typeof s['environment'] === 'string' ? s['environment'] : undefined,
    };
  }

  const all = asRecord(model['services'], 'services');
  const services = new Map<string, Service>();
  for (const [name, value] of Object.entries(all)) {
    const raw = asRecord(value, `services.${name}`);
    const profiles = stringList(raw['profiles'], `services.${name}.profiles`);
    if (profiles.length > 0 && !profiles.some((p) => options.profiles.includes(p))) continue;
    const where = `services.${name}`;

    const fromFiles: Record<string, string> = {};
    const declared = environmentOf(raw['environment'], `${where}.environment`, options.env);
    const envFiles = Array.isArray(raw['env_file']) ? raw['env_file'] : raw['env_file'] ? [raw['env_file']] : [];
    for (const entry of envFiles) {
      const spec = typeof entry === 'string' ? { path: entry, required: true } : asRecord(entry, `${where}.env_file`);
      const path = resolve(baseDir, String(spec['path']));
      if (!existsSync(path)) {
        if (spec['required'] === false) continue;
        throw new ComposeError(`${where}: env file ${path} not found`);
      }
      // Compose looks a variable up in its own environment first, then in the service's environment.
      const envLookup: Lookup = (v) => options.env[v] ?? declared[v] ?? fromFiles[v] ?? undefined;
      Object.assign(fromFiles, parseEnvFile(readFileSync(path, 'utf8'), envLookup, path));
    }
    const environment: Record<string, string> = { ...fromFiles };
    for (const [key, v] of Object.entries(declared)) if (v !== null) environment[key] = v;

    const build = raw['build'];
    const dependsOnRaw = raw['depends_on'];
    const dependsOn: Service['dependsOn'] = {};
    if (Array.isArray(dependsOnRaw)) {
      for (const dep of dependsOnRaw) dependsOn[String(dep)] = { condition: 'service_started', required: true };
    } else {
      for (const [dep, spec] of Object.entries(asRecord(dependsOnRaw, `${where}.depends_on`))) {
        const s = asRecord(spec, `${where}.depends_on.${dep}`);
        dependsOn[dep] = {
          condition: String(s['condition'] ?? 'service_started'),
          required: s['required'] !== false,
        };
      }
    }
    const command = raw['command'];
    services.set(name, {
      name,
      profiles,
      raw,
      buildTarget:
        build && typeof build === 'object' ? (asRecord(build, `${where}.build`)['target'] as string) : undefined,
      image: typeof raw['image'] === 'string' ? raw['image'] : undefined,
      command: typeof command === 'string' ? ['sh', '-c', command] : (command as string[] | undefined),
      user: typeof raw['user'] === 'string' ? raw['user'] : undefined,
      environment,
      mounts: mountsOf(raw, where, baseDir, volumes),
      dependsOn,
      stopGracePeriodSeconds:
        raw['stop_grace_period'] === undefined
          ? undefined
          : durationSeconds(raw['stop_grace_period'], `${where}.stop_grace_period`),
    });
  }

  for (const service of services.values()) {
    for (const [dep, spec] of Object.entries(service.dependsOn)) {
      if (!services.has(dep) && spec.required)
        throw new ComposeError(
          `service "${service.name}" depends on "${dep}", which ${dep in all ? 'is not enabled by the active profiles' : 'does not exist'}`,
        );
    }
    for (const mount of service.mounts) {
      if (mount.kind === 'secret' && !secrets[mount.source])
        throw new ComposeError(`service "${service.name}" uses secret "${mount.source}", which is not declared`);
    }
  }
  return { model, services, allServiceNames: Object.keys(all), volumes, secrets, unsetVariables: [...unset].sort() };
}

/** Services in an order where each comes after those it depends on. */
export function startOrder(project: ComposeProject): Service[] {
  const done = new Set<string>();
  const order: Service[] = [];
  const visit = (name: string, path: string[]) => {
    if (done.has(name)) return;
    if (path.includes(name)) throw new ComposeError(`dependency cycle: ${[...path, name].join(' -> ')}`);
    const service = project.services.get(name);
    if (!service) return;
    for (const dep of Object.keys(service.dependsOn)) visit(dep, [...path, name]);
    done.add(name);
    order.push(service);
  };
  for (const name of project.services.keys()) visit(name, []);
  return order;
}
