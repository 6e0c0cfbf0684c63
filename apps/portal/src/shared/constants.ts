/** Timings and names of the portal's own screens and device storage. */

/** A snackbar hides itself after this long (the payer can also press OK). */
export const SNACKBAR_TIMEOUT_MS = 10_000;
/** Dialogs are at most this wide (px). */
export const DIALOG_MAX_WIDTH = 800;
/** A fetch a person waits on resolves no sooner than this, so spinners do not flicker. */
export const FETCH_MIN_DELAY_MS = 200;
/** The top loading bar stays hidden this long (fast pages show none), then fills over LOADING_BAR_DURATION_MS. */
export const LOADING_BAR_THROTTLE_MS = 200;
export const LOADING_BAR_DURATION_MS = 5_000;
/** A failed chunk load reloads the page at most once per this interval. */
export const RELOAD_GUARD_MS = 60_000;

/** The cart's store on the device (IndexedDB, written through Dexie). */
export const CART_DB_NAME = 'cartDB';
export const CART_DB_VERSION = 1;
export const CART_DB_STORE = 'items';
