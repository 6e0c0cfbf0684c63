import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Pool, type PoolClient } from 'pg';
import type { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import type { Prisma } from '../generated/prisma/client';
import type { RawSql } from './raw-sql';

function onConnection(client: PoolClient): RawSql {
  return {
    query: async <T>(statement: Prisma.Sql) => (await client.query(statement.text, statement.values)).rows as T[],
    execute: async (statement: Prisma.Sql) => (await client.query(statement.text, statement.values)).rowCount ?? 0,
  };
}

/**
 * A small pool of plain `pg` connections for bulk work (bill files). A file of a million bills is written in chunks of
 * thousands of values per statement: through Prisma, each statement's values are also kept in the client's
 * debug history (its last 100 entries, never cleared while the client is connected), hundreds of megabytes for
 * a large file. Here they are garbage as soon as the statement has run, so the API's memory stays flat.
 */
@Injectable()
export class BulkDatabase implements OnApplicationShutdown {
  private readonly logger = new Logger(BulkDatabase.name);
  private readonly pool: Pool;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    // Two: a preview and a confirm may run at once; a third file waits for a connection.
    this.pool = new Pool({ connectionString: config.databaseUrl, max: 2, idleTimeoutMillis: 30_000 });
    this.pool.on('error', (error) => this.logger.warn({ err: error.message }, 'Bulk database connection lost'));
  }

  /** Runs `work` in one transaction of its own: all of it or, if it throws, none. */
  async transaction<T>(work: (sql: RawSql) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    let broken = false;
    try {
      await client.query('BEGIN');
      // A transaction left open by a process that died is ended by the server.
      await client.query(`SET LOCAL idle_in_transaction_session_timeout = '60s'`);
      const result = await work(onConnection(client));
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {
        broken = true;
      });
      throw error;
    } finally {
      client.release(broken);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool.end();
  }
}
