import { describe, expect, it } from 'vitest';
import { createTranslator, interpolate, resolveLanguage, translate } from './index';

describe('translate', () => {
  it('translates into the requested language', () => {
    expect(translate('en', 'shell.home')).toBe('Home');
    expect(translate('ms', 'shell.home')).toBe('Laman Utama');
    expect(translate('zh', 'shell.home')).toBe('首页');
  });

  it('falls back to Malay for a language it does not have', () => {
    expect(translate('fr', 'errors.not_found')).toBe('Tidak Dijumpai!');
    expect(translate('', 'payment_types.assessment')).toBe('Cukai Taksiran');
  });

  it('falls back to Malay for a key missing or empty in the requested language', () => {
    const t = createTranslator(
      {
        ms: { greeting: { hello: 'Selamat datang, {{name}}', bye: 'Selamat tinggal' } },
        en: { greeting: { hello: '' } },
      },
      'ms',
    );
    expect(t('en', 'greeting.hello', { name: 'Aminah' })).toBe('Selamat datang, Aminah');
    expect(t('en', 'greeting.bye')).toBe('Selamat tinggal');
    expect(t('en', 'greeting.nothing')).toBe('greeting.nothing');
  });

  it('fills placeholders', () => {
    expect(translate('en', 'validation.required', { field: 'E-mail' })).toBe('E-mail is required.');
    expect(translate('en', 'validation.between', { field: 'Amount', min: 1, max: 30000 })).toBe(
      'Amount must be between 1 and 30000.',
    );
    expect(translate('ms', 'validation.already_in_cart', { item: 'Cukai Taksiran A-123' })).toBe(
      'Cukai Taksiran A-123 telah ada di dalam troli.',
    );
    expect(translate('zh', 'update.current_version', { version: '1.2.0' })).toBe('当前版本：1.2.0');
  });
});

describe('interpolate', () => {
  it('leaves a placeholder without a value in place and accepts spaces inside braces', () => {
    expect(interpolate('{{ a }} and {{b}}', { a: 1 })).toBe('1 and {{b}}');
    expect(interpolate('no values {{a}}')).toBe('no values {{a}}');
  });

  it('inserts values verbatim, without reading them as placeholders or patterns', () => {
    expect(interpolate('{{a}}', { a: '{{b}} $& $1' })).toBe('{{b}} $& $1');
  });
});

describe('resolveLanguage', () => {
  it('maps language tags to a portal language, Malay otherwise', () => {
    expect(resolveLanguage('en-GB')).toBe('en');
    expect(resolveLanguage('zh_Hans_MY')).toBe('zh');
    expect(resolveLanguage('MS')).toBe('ms');
    expect(resolveLanguage('ta')).toBe('ms');
    expect(resolveLanguage(null)).toBe('ms');
  });
});

describe('loadCatalogue', () => {
  it("loads each language's public groups on demand: everything but the console's labels", async () => {
    const { loadCatalogue, catalogues } = await import('./index');
    for (const language of ['ms', 'en', 'zh'] as const) {
      const { console: staff, ...publicGroups } = catalogues[language];
      const loaded = await loadCatalogue(language);
      expect(loaded).not.toHaveProperty('console');
      // Malay comes in its two parts (groups.ts), put together.
      expect(loaded).toEqual(publicGroups);
      expect(staff.title).toBeTruthy();
    }
  });
});
