import type { Prisma } from '../generated/prisma/client';

/**
 * Where plain SQL (`Prisma.sql`) runs: a Prisma client or transaction, or a connection of the bulk pool. The bill
 * ledger, the bill file staging and the staff audit are written this way, so the same code runs on either.
 */
export interface RawSql {
  query<T>(statement: Prisma.Sql): Promise<T[]>;
  execute(statement: Prisma.Sql): Promise<number>;
}

type PrismaLike = Pick<Prisma.TransactionClient, '$queryRaw' | '$executeRaw'>;

/** A Prisma client or transaction, or a bulk connection. */
export type RawDb = RawSql | PrismaLike;

/** The executor of a Prisma client or transaction, or the executor given. */
export function rawSql(db: RawDb): RawSql {
  if ('query' in db) return db;
  return {
    query: <T>(statement: Prisma.Sql) => db.$queryRaw<T[]>(statement),
    execute: (statement: Prisma.Sql) => db.$executeRaw(statement),
  };
}
