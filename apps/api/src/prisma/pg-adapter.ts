import { PrismaPg } from '@prisma/adapter-pg';

type Adapter = Awaited<ReturnType<PrismaPg['connect']>>;
type Transaction = Awaited<ReturnType<Adapter['startTransaction']>>;

/**
 * Prisma's driver adapter for PostgreSQL (a `pg` pool of `max` connections), with one repair: a transaction's
 * connection goes back to the pool even when its COMMIT or ROLLBACK fails.
 *
 * Prisma ends an interactive transaction by sending COMMIT or ROLLBACK and only then calling the adapter's
 * `commit()` / `rollback()`, which is what returns the connection to the pool. When the connection has died
 * (PostgreSQL restarted, a backend terminated, the network cut), the COMMIT or ROLLBACK fails, the second call
 * never comes, and the dead connection stays checked out for good. Once every connection of the pool is lost
 * that way, every later query waits forever: the process answers nothing until it is restarted. Here a failed
 * COMMIT or ROLLBACK gives the connection back at once; the pool drops a dead one and opens a new one.
 */
export function pgAdapter(connectionString: string, max: number): PrismaPg {
  const factory = new PrismaPg({ connectionString, max });
  const connect = factory.connect.bind(factory);
  factory.connect = async () => {
    const adapter = await connect();
    const startTransaction = adapter.startTransaction.bind(adapter);
    adapter.startTransaction = async (isolationLevel) => releasedWhenEnded(await startTransaction(isolationLevel));
    return adapter;
  };
  return factory;
}

function releasedWhenEnded(transaction: Transaction): Transaction {
  const executeRaw = transaction.executeRaw.bind(transaction);
  transaction.executeRaw = async (query) => {
    try {
      return await executeRaw(query);
    } catch (error) {
      // Prisma will not call commit() or rollback() after this: give the connection back here (PostgreSQL ends
      // a transaction whose COMMIT failed, and the pool discards a connection that is no longer usable).
      if (query.sql === 'COMMIT' || query.sql === 'ROLLBACK') await transaction.rollback().catch(() => undefined);
      throw error;
    }
  };
  return transaction;
}
