/** The Chromium binary the tests launch (CHROMIUM_PATH, else Debian's). */
export const CHROMIUM_PATH: string;
/** The flags it is launched with. */
export const CHROMIUM_ARGS: string[];
