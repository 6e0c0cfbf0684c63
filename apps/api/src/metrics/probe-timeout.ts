/** How long a health check or a gauge waits for PostgreSQL or Redis before calling it down. */
export const PROBE_TIMEOUT_MS = 2_000;

/** `work`, or a rejection once `ms` have passed without its answer (the timer never holds the process open). */
export function withinProbeTimeout<T>(work: Promise<T>, ms = PROBE_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
