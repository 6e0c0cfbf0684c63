import { Prisma } from '../generated/prisma/client';

/**
 * Prisma's codes for a database that could not serve the request just now: unreachable (P1001), timed out
 * (P1002, P1008), connection closed (P1017), no connection from the pool in time (P2024), a transaction that
 * could not start or finish in time (P2028), too many connections (P2037).
 */
const UNAVAILABLE_PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024', 'P2028', 'P2037']);

/**
 * PostgreSQL's SQLSTATEs for the same: class 08 (connection exception), the server shutting down or starting
 * (57P01 an operator or a failover terminated the backend, 57P02 crash, 57P03 cannot connect now), 53300 too
 * many connections.
 */
const isUnavailableSqlState = (code: string) => code.startsWith('08') || /^57P0[123]$/.test(code) || code === '53300';

/** What node-postgres says when the server's socket closed before any error message could be read. */
const CONNECTION_GONE = /Connection terminated unexpectedly|Client has encountered a connection error/;

/**
 * The kinds Prisma's driver adapter gives the errors it recognises: a closed connection, an unreachable or
 * timed-out server, too many connections; and 'postgres' for any other server error, with its SQLSTATE.
 */
const UNAVAILABLE_ADAPTER_KINDS = new Set([
  'ConnectionClosed',
  'DatabaseNotReachable',
  'SocketTimeout',
  'TooManyConnections',
]);

interface AdapterCause {
  kind?: unknown;
  code?: unknown;
  originalCode?: unknown;
}

/** An adapter error's cause (`{ kind, code }`): whether it says the database could not serve. */
function isUnavailableCause(cause: AdapterCause | undefined): boolean {
  if (!cause || typeof cause.kind !== 'string') return false;
  if (UNAVAILABLE_ADAPTER_KINDS.has(cause.kind)) return true;
  const sqlState = cause.originalCode ?? cause.code;
  return cause.kind === 'postgres' && typeof sqlState === 'string' && isUnavailableSqlState(sqlState);
}

/**
 * The database could not serve this request (busy, restarting, its connection cut), and it did not complete:
 * an interactive transaction that fails this way rolled back whole. Such a request may simply be sent again
 * (with its idempotency key, for a payment), so it answers 503 "try again", never 500.
 *
 * Prisma reports it in three shapes: its own known error (a code, or the adapter's error in `meta`), the
 * adapter's error itself (a transaction whose BEGIN met a cut connection), or node-postgres's error.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as Error).cause, depth += 1) {
    if (e instanceof Prisma.PrismaClientInitializationError) return true;
    if (e instanceof Prisma.PrismaClientKnownRequestError) {
      if (UNAVAILABLE_PRISMA_CODES.has(e.code)) return true;
      const meta = e.meta as { driverAdapterError?: { cause?: AdapterCause } } | undefined;
      if (isUnavailableCause(meta?.driverAdapterError?.cause)) return true;
    }
    if (isUnavailableCause(e as AdapterCause)) return true;
    const message = (e as Error).message;
    if (typeof message === 'string' && CONNECTION_GONE.test(message)) return true;
  }
  return false;
}
