#!/usr/bin/env node
// Whether this version of CouncilPay may run on the database of DATABASE_URL, judged by its migrations:
//
//   ready    every migration this version has is applied, and any the database has beyond them is additive;
//   behind   some of this version's migrations are not applied yet (the migrate Job has not run or finished);
//   refused  the database has migrations this version does not know and one of them is not additive (or
//            failed): this version would read or write a schema it was not built for.
//
// A migration is additive when its folder name ends in `_additive`, and then it may only add: new tables (with
// their indexes, keys, functions and triggers), nullable columns or columns with a default, plain indexes
// (CONCURRENTLY too), extensions (IF NOT EXISTS), comments. An older version runs unchanged on such a schema, so a rollback (or a pod of the previous version
// started during a rollout) may start. `additiveProblems` is that rule; a test holds every `_additive`
// migration of the repository to it.
//
//   node scripts/migration-gate.mjs           prints the state; exit 0 ready, 1 behind, 2 refused
//   node scripts/migration-gate.mjs --wait    waits while behind (says why, every change), then exits 0 or 2
import { readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const MIGRATIONS = join(ROOT, 'prisma', 'migrations');
const WAIT_MS = 5_000;

/** The migrations this version has: the folders of prisma/migrations, oldest first. */
export function localMigrations(dir = MIGRATIONS) {
  return readdirSync(dir)
    .filter((name) => statSync(join(dir, name)).isDirectory())
    .sort();
}

/** Whether a migration says, by its name, that it only adds. */
export const isAdditiveName = (name) => name.endsWith('_additive');

/**
 * The state of a database whose `_prisma_migrations` rows are `applied` ({ name, finished, rolledBack }), for a
 * version whose migrations are `local`, with a sentence an operator can act on.
 */
export function judgeMigrations(local, applied) {
  const live = applied.filter((m) => !m.rolledBack);
  const done = new Set(live.filter((m) => m.finished).map((m) => m.name));
  const known = new Set(local);
  const failedUnknown = live.filter((m) => !m.finished && !known.has(m.name)).map((m) => m.name);
  const unknown = [...done].filter((name) => !known.has(name)).sort();
  const notAdditive = unknown.filter((name) => !isAdditiveName(name));
  if (failedUnknown.length || notAdditive.length) {
    const names = [...failedUnknown.map((n) => `${n} (failed)`), ...notAdditive];
    return {
      state: 'refused',
      unknown,
      missing: [],
      message:
        `The database has migrations this version does not know and that are not additive: ${names.join(', ')}. ` +
        'This version cannot run on it: deploy the version that has them (roll forward), or restore the database ' +
        'from before them.',
    };
  }
  const missing = local.filter((name) => !done.has(name));
  if (missing.length) {
    const failed = live.filter((m) => !m.finished && known.has(m.name)).map((m) => m.name);
    return {
      state: 'behind',
      unknown,
      missing,
      message:
        `Waiting for the migrate Job: ${missing.length} migration(s) of this version are not applied yet ` +
        `(first: ${missing[0]})` +
        (failed.length ? `; the migration ${failed[0]} failed: read the migrate Job's log.` : '.'),
    };
  }
  return {
    state: 'ready',
    unknown,
    missing: [],
    message: unknown.length
      ? `Ready: the database is ahead by additive migration(s) this version does not need: ${unknown.join(', ')}.`
      : 'Ready: the database has every migration of this version.',
  };
}

/** Splits a migration into statements: on `;` outside quotes, quoted names, dollar-quoted bodies and comments. */
export function sqlStatements(sql) {
  const statements = [];
  let current = '';
  for (let i = 0; i < sql.length;) {
    const rest = sql.slice(i);
    const dollar = /^\$[A-Za-z_]*\$/.exec(rest);
    if (dollar) {
      const end = sql.indexOf(dollar[0], i + dollar[0].length);
      const stop = end < 0 ? sql.length : end + dollar[0].length;
      current += sql.slice(i, stop);
      i = stop;
    } else if (rest.startsWith('--')) {
      const end = sql.indexOf('\n', i);
      i = end < 0 ? sql.length : end;
    } else if (sql[i] === "'" || sql[i] === '"') {
      const end = sql.indexOf(sql[i], i + 1);
      const stop = end < 0 ? sql.length : end + 1;
      current += sql.slice(i, stop);
      i = stop;
    } else if (sql[i] === ';') {
      if (current.trim()) statements.push(current.trim());
      current = '';
      i += 1;
    } else {
      current += sql[i];
      i += 1;
    }
  }
  if (current.trim()) statements.push(current.trim());
  return statements;
}

/** Splits `a, b(c, d), e` on the commas outside parentheses. */
function topLevelParts(text) {
  const parts = [];
  let depth = 0;
  let current = '';
  for (const ch of text) {
    if (ch === '(') depth += 1;
    if (ch === ')') depth -= 1;
    if (ch === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else current += ch;
  }
  if (current.trim()) parts.push(current.trim());
  return parts;
}

const NAME = String.raw`(?:"[^"]+"|\w+)(?:\.(?:"[^"]+"|\w+))?`;
const unquote = (name) => name.replace(/"/g, '').replace(/^public\./, '');

/**
 * What in a migration's SQL is not additive, one line per statement (empty: the migration only adds). Tables
 * created in the same migration may be given anything (keys, unique indexes, triggers).
 */
export function additiveProblems(sql) {
  const created = new Set();
  const problems = [];
  for (const statement of sqlStatements(sql)) {
    const flat = statement.replace(/\s+/g, ' ');
    const table = (pattern) => {
      const match = new RegExp(pattern, 'i').exec(flat);
      return match ? unquote(match[1]) : null;
    };
    const createdTable = table(String.raw`^CREATE TABLE (?:IF NOT EXISTS )?(${NAME})`);
    if (createdTable) {
      created.add(createdTable);
      continue;
    }
    if (/^COMMENT ON /i.test(flat) || /^CREATE TYPE /i.test(flat) || /^CREATE FUNCTION /i.test(flat)) continue;
    // An extension only adds types, functions and operators (pg_trgm's); older versions never see them.
    if (/^CREATE EXTENSION IF NOT EXISTS /i.test(flat)) continue;
    const indexed = table(
      String.raw`^CREATE (?:UNIQUE )?INDEX (?:CONCURRENTLY )?(?:IF NOT EXISTS )?(?:${NAME} )?ON (${NAME})`,
    );
    if (indexed) {
      if (/^CREATE UNIQUE /i.test(flat) && !created.has(indexed)) {
        problems.push(
          `a unique index on the existing table ${indexed} (older versions may write rows it refuses): ${flat}`,
        );
      }
      continue;
    }
    const triggered = table(String.raw`^CREATE (?:CONSTRAINT )?TRIGGER \S+ .*? ON (${NAME})`);
    if (triggered) {
      if (!created.has(triggered)) problems.push(`a trigger on the existing table ${triggered}: ${flat}`);
      continue;
    }
    const altered = /^ALTER TABLE (?:ONLY )?(?:IF EXISTS )?(\S+) (.*)$/i.exec(flat);
    if (altered) {
      const name = unquote(altered[1]);
      if (created.has(name)) continue;
      for (const clause of topLevelParts(altered[2])) {
        const adds = /^ADD (?:COLUMN )?(?!CONSTRAINT\b)/i.test(clause);
        const mandatory = /\bNOT NULL\b/i.test(clause) && !/\bDEFAULT\b/i.test(clause);
        if (!adds) problems.push(`a change to the existing table ${name} other than a new column: ${clause}`);
        else if (mandatory)
          problems.push(`a NOT NULL column without a default on the existing table ${name}: ${clause}`);
      }
      continue;
    }
    problems.push(`not an addition: ${flat.length > 160 ? `${flat.slice(0, 160)}…` : flat}`);
  }
  return problems;
}

/** The `_prisma_migrations` rows of the database (none when it was never migrated). */
async function appliedMigrations(databaseUrl) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    const { rows: exists } = await client.query(`SELECT to_regclass('_prisma_migrations') IS NOT NULL AS "exists"`);
    if (!exists[0].exists) return [];
    const { rows } = await client.query(
      `SELECT migration_name AS name, finished_at IS NOT NULL AS finished, rolled_back_at IS NOT NULL AS "rolledBack"
       FROM _prisma_migrations`,
    );
    return rows;
  } finally {
    await client.end();
  }
}

async function main() {
  const wait = process.argv.includes('--wait');
  const databaseUrl = process.env.DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/councilpay';
  const local = localMigrations();
  let said = '';
  for (;;) {
    let verdict;
    try {
      verdict = judgeMigrations(local, await appliedMigrations(databaseUrl));
    } catch (error) {
      // A database that cannot be reached yet is a reason to wait, said as the driver said it (never the URL).
      verdict = { state: 'behind', message: `Cannot read the database's migrations: ${error.message}` };
    }
    if (verdict.message !== said) {
      (verdict.state === 'refused' ? console.error : console.log)(`[migration-gate] ${verdict.message}`);
      said = verdict.message;
    }
    if (verdict.state === 'ready') return 0;
    if (verdict.state === 'refused') return 2;
    if (!wait) return 1;
    await new Promise((r) => setTimeout(r, WAIT_MS));
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then((code) => process.exit(code));
}
