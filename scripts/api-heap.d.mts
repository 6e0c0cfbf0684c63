/** The API's V8 old-space limit, MB. */
export const API_HEAP_MB: number;
/** Node's options for a built script: the API's heap size for the API, none for the others. */
export function nodeArgsFor(script: string): string[];
