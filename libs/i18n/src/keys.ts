import { en, type Catalogue } from './catalogues/full';

/** The dotted paths to the string leaves of a catalogue: `'shell.home' | 'errors.not_found' | ...`. */
type LeafPaths<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${LeafPaths<T[K]>}`;
}[keyof T & string];

/** Every message key, e.g. `'errors.not_found'`; the same dotted form works with i18next's `t()`. */
export type MessageKey = LeafPaths<Catalogue>;

/** A catalogue (or any nested object of strings) flattened to dotted keys. Non-string leaves are ignored. */
export function flattenMessages(tree: object, prefix = ''): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [name, value] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${name}` : name;
    if (typeof value === 'string') {
      flat.set(key, value);
    } else if (typeof value === 'object' && value !== null) {
      for (const [nestedKey, text] of flattenMessages(value as object, key)) flat.set(nestedKey, text);
    }
  }
  return flat;
}

/** Every key of the English catalogue, which defines the key set. */
export const MESSAGE_KEYS: readonly MessageKey[] = /* @__PURE__ */ Object.freeze([
  ...flattenMessages(en).keys(),
] as MessageKey[]);

const KEY_SET: ReadonlySet<string> = /* @__PURE__ */ new Set(MESSAGE_KEYS);

/** True when `value` names a message, e.g. to translate an API error code with `errors.${code}`. */
export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && KEY_SET.has(value);
}
