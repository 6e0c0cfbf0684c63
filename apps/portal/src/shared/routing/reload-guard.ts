import { RELOAD_GUARD_MS } from '../constants';

/**
 * When a page's code cannot be loaded (usually because a new version was deployed and
 * the old chunk files are gone) the page reloads, at most once per RELOAD_GUARD_MS, so a real outage
 * shows the error page instead of reloading forever.
 */
export const RELOAD_STORAGE_KEY = 'councilpay.chunkReloadAt';

const CHUNK_ERROR =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload|ChunkLoadError|Loading chunk [\w-]+ failed/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && (CHUNK_ERROR.test(error.message) || error.name === 'ChunkLoadError');
}

/** Whether a reload is allowed now, given when the last one happened (null: never). */
export function mayReload(lastReloadAt: number | null, now: number): boolean {
  return (
    lastReloadAt === null ||
    !Number.isFinite(lastReloadAt) ||
    now - lastReloadAt >= RELOAD_GUARD_MS ||
    now < lastReloadAt
  );
}

function sessionStore(): Storage | undefined {
  try {
    return globalThis.sessionStorage ?? undefined;
  } catch {
    return undefined;
  }
}

/** Reloads the page unless it was reloaded for this reason in the last minute; true if it reloads. */
export function reloadOnce(now: number = Date.now()): boolean {
  const storage = sessionStore();
  const stored = storage?.getItem(RELOAD_STORAGE_KEY);
  if (!mayReload(stored ? Number(stored) : null, now)) return false;
  try {
    storage?.setItem(RELOAD_STORAGE_KEY, String(now));
  } catch {
    return false; // Without memory of the reload we could loop: show the error instead.
  }
  window.location.reload();
  return true;
}
