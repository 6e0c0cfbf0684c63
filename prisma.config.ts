/**
 * Prisma CLI configuration (generate, migrate). Every workaround for running Prisma offline lives here.
 *
 * Why the pure-JS path: Prisma 7's `migrate` needs a native schema-engine binary that cannot be downloaded
 * on our machines; Prisma 6.19 runs migrate on its wasm schema engine through a driver adapter
 * (`engine: "js"` + @prisma/adapter-pg). Revisit when a Prisma major migrates without a native engine.
 *
 * Workarounds, each tested by prisma/migrate.spec.ts (a fresh database migrates, with the trigger, and reports up to date):
 *  1. The adapter cannot deserialize PostgreSQL internal types (`name`, `"char"`, `oid` ...) that the
 *     schema engine reads from the catalogues (prisma/prisma#27403): their columns are remapped to text.
 *  2. The stock `connectToShadowDb()` spreads `{...config, database}`, and `pg` ignores `database` beside a
 *     `connectionString`, so the shadow database would be the main one. Ours gives the shadow pool the same URL
 *     with the other database name: the URL is never taken apart, so its TLS settings (`sslmode`, `sslrootcert`,
 *     …) reach every connection the CLI opens, the main database's and the shadow's alike.
 *  3. The stock `connectToShadowDb()` drops the shadow database before closing its pool ("being accessed by
 *     other users"): ours closes the pool first, then drops with FORCE.
 *  4. The adapter's `executeScript` splits a migration on every ';', which breaks any function body or string
 *     holding one (our append-only trigger): the script is sent whole, as one simple-protocol query, which
 *     PostgreSQL runs as one implicit transaction.
 *  5. After `migrate dev` the CLI idles ~60 s on the wasm engine's long timers: CLI calls run with
 *     `NODE_OPTIONS=--require ./prisma/unref-timers.cjs` (see scripts/prisma.mjs).
 */
import 'dotenv/config';
import { defineConfig } from 'prisma/config';
import { PrismaPg } from '@prisma/adapter-pg';
import type { PoolConfig } from 'pg';

const DEFAULT_DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/councilpay';

/** PostgreSQL type OIDs the adapter cannot read: name, char, int2vector, regproc, oidvector, regtype ... */
const INTERNAL_SCALAR_OIDS = new Set([18, 19, 22, 24, 30, 194, 2205, 3734]);
/** Arrays of internal types (_char, _name): read as text[]. */
const INTERNAL_ARRAY_OIDS = new Set([1002, 1003]);
const TEXT_OID = 25;
const TEXT_ARRAY_OID = 1009;

interface ResultField {
  dataTypeID: number;
}
interface PerformIoHost {
  performIO(query: unknown): Promise<{ fields?: ResultField[] } | undefined>;
  __councilpayPatched?: boolean;
}
interface ScriptHost {
  client: { query(sql: string): Promise<unknown> };
  onError(error: unknown): never;
  executeScript(script: string): Promise<void>;
  __councilpayScriptPatched?: boolean;
}

/** Workaround 4: run a migration script whole instead of split on ';'. */
function executeScriptWhole<T extends object>(queryable: T): T {
  let proto: object | null = queryable;
  while (proto && !Object.prototype.hasOwnProperty.call(proto, 'executeScript')) proto = Object.getPrototypeOf(proto);
  const host = proto as ScriptHost | null;
  if (!host || host.__councilpayScriptPatched) return queryable;
  host.executeScript = async function (this: ScriptHost, script: string) {
    try {
      await this.client.query(script);
    } catch (error) {
      this.onError(error);
    }
  };
  host.__councilpayScriptPatched = true;
  return queryable;
}

/** Every adapter connection the CLI opens gets workarounds 1 and 4. */
function patchConnection<T extends object>(queryable: T): T {
  return executeScriptWhole(remapInternalTypes(queryable));
}

/** Workaround 1: remap internal type OIDs on the queryable's prototype (once per prototype). */
function remapInternalTypes<T extends object>(queryable: T): T {
  let proto: object | null = queryable;
  while (proto && !Object.prototype.hasOwnProperty.call(proto, 'performIO')) proto = Object.getPrototypeOf(proto);
  const host = proto as PerformIoHost | null;
  if (!host || host.__councilpayPatched) return queryable;
  const performIO = host.performIO;
  host.performIO = async function (this: unknown, query: unknown) {
    const result = await performIO.call(this, query);
    for (const field of result?.fields ?? []) {
      if (INTERNAL_SCALAR_OIDS.has(field.dataTypeID)) field.dataTypeID = TEXT_OID;
      else if (INTERNAL_ARRAY_OIDS.has(field.dataTypeID)) field.dataTypeID = TEXT_ARRAY_OID;
    }
    return result;
  };
  host.__councilpayPatched = true;
  return queryable;
}

/** The CLI's pool: the whole URL, TLS parameters included (workaround 2). */
function poolConfigFrom(databaseUrl: string): PoolConfig & { connectionString: string } {
  return { connectionString: databaseUrl, idleTimeoutMillis: 1000, allowExitOnIdle: true };
}

/** Workaround 2: the same URL naming another database. */
function withDatabase(databaseUrl: string, database: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

class MigratePg extends PrismaPg {
  constructor(private readonly poolConfig: PoolConfig & { connectionString: string }) {
    super(poolConfig);
  }

  override async connect() {
    return patchConnection(await super.connect());
  }

  /** Workaround 3: close the shadow pool before dropping the shadow database. */
  override async connectToShadowDb() {
    const admin = await this.connect();
    const database = `prisma_shadow_${Date.now()}_${Math.floor(Math.random() * 1e9)}`;
    await admin.executeScript(`CREATE DATABASE "${database}"`);
    const shadow = patchConnection(
      await new PrismaPg({
        ...this.poolConfig,
        connectionString: withDatabase(this.poolConfig.connectionString, database),
      }).connect(),
    );
    const dispose = shadow.dispose.bind(shadow);
    shadow.dispose = async () => {
      await dispose();
      await admin.executeScript(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      await admin.dispose();
    };
    return shadow;
  }
}

// The schema's `env("DATABASE_URL")` must resolve too, or the CLI cannot read the generator settings and
// falls back to downloading a native query engine.
process.env.DATABASE_URL ||= DEFAULT_DATABASE_URL;
const poolConfig = poolConfigFrom(process.env.DATABASE_URL);

export default defineConfig({
  experimental: { adapter: true },
  engine: 'js',
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations', seed: 'tsx prisma/seed/index.ts' },
  adapter: async () => new MigratePg(poolConfig),
});
