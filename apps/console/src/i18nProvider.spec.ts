import { reactAdminMs, reactAdminZh, flattenMessages } from '@councilpay/i18n';
import englishMessages from 'ra-language-english';
import { describe, expect, it } from 'vitest';
import { createI18nProvider } from './i18nProvider';

const PLACEHOLDER = /%\{(\w+)\}/g;

/** react-admin's keys with their placeholders; `one |||| many` counts as one message. */
function shape(messages: object): Map<string, string> {
  return new Map(
    [...flattenMessages(messages)].map(([key, text]) => [
      key,
      [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]))]
        .filter((p) => p !== 'smart_count')
        .sort()
        .join(),
    ]),
  );
}

describe('console i18nProvider', () => {
  it('speaks Malay by default, and offers English and Chinese', async () => {
    const i18n = await createI18nProvider();
    expect(i18n.getLocale()).toBe('ms');
    expect(i18n.getLocales?.().map((l) => l.locale)).toEqual(['ms', 'en', 'zh']);
    expect(i18n.translate('ra.action.save')).toBe('Simpan');
    expect(i18n.translate('resources.payments.name', { smart_count: 2 })).toBe('Bayaran');
    expect(i18n.translate('payment_states.paid')).toBe('Telah dibayar');
  });

  it('labels our resources and fields from the shared catalogues, one form or many in English', async () => {
    const i18n = await createI18nProvider();
    await i18n.changeLocale('en');
    expect(i18n.translate('resources.councils.name', { smart_count: 2 })).toBe('Councils');
    expect(i18n.translate('resources.councils.name', { smart_count: 1 })).toBe('Council');
    expect(i18n.translate('resources.councils.fields.name.ms')).toBe('Name (Malay)');
    expect(i18n.translate('payment_types.assessment')).toBe('Assessment Tax');
    expect(i18n.translate('console.latency', { ms: 12 })).toBe('Response time: 12 ms');
    expect(i18n.translate('ra.navigation.page_range_info', { offsetBegin: 1, offsetEnd: 25, total: 80 })).toBe(
      '1-25 of 80',
    );
    expect(i18n.translate('console.resend_done', { recipient: 'a/b@example.my' })).toBe(
      'Message queued for a/b@example.my.',
    );
    expect(i18n.translate('ra.auth.username')).toBe('Email');
    expect(i18n.translate('no.such.key', { _: 'Fallback' })).toBe('Fallback');
    await i18n.changeLocale('zh');
    expect(i18n.translate('ra.action.save')).toBe('保存');
    expect(i18n.translate('resources.payments.fields.reference')).toBe('参考号');
  });

  it("has react-admin's every message in Malay and Chinese, with the same placeholders", () => {
    const english = shape(englishMessages);
    for (const messages of [reactAdminMs, reactAdminZh]) {
      expect(shape(messages)).toEqual(english);
    }
  });
});
