import { describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY, readStoredLanguage, storeLanguage } from './language';

function memoryStorage(
  initial: Record<string, string> = {},
): Pick<Storage, 'getItem' | 'setItem'> & { data: Record<string, string> } {
  const data = { ...initial };
  return { data, getItem: (key) => data[key] ?? null, setItem: (key, value) => void (data[key] = value) };
}

describe('stored language', () => {
  it('is Malay when nothing, or something unknown, is stored', () => {
    expect(readStoredLanguage(undefined)).toBe('ms');
    expect(readStoredLanguage(memoryStorage())).toBe('ms');
    expect(readStoredLanguage(memoryStorage({ [LANGUAGE_STORAGE_KEY]: 'fr' }))).toBe('ms');
  });

  it('is remembered under the key "language"', () => {
    const storage = memoryStorage();
    storeLanguage(storage, 'zh');
    expect(storage.data).toEqual({ language: 'zh' });
    expect(readStoredLanguage(storage)).toBe('zh');
  });

  it('survives a storage that throws', () => {
    const broken = {
      getItem: (): string | null => {
        throw new Error('SecurityError');
      },
      setItem: (): void => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(readStoredLanguage(broken)).toBe('ms');
    expect(() => storeLanguage(broken, 'en')).not.toThrow();
  });
});
