import { describe, expect, it } from 'vitest';
import { LANGUAGES, PAYABLE_TYPES, PAYMENT_STATES } from '@councilpay/domain';
import { CORE_GROUPS, MESSAGE_KEYS, catalogues, flattenMessages, isMessageKey, msCore, resources } from './index';
import { loadMalayFeatures } from './load';

const PLACEHOLDER = /\{\{\s*([\w.-]+)\s*\}\}/g;

function placeholders(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((match) => match[1] ?? '').sort();
}

describe('catalogues', () => {
  const english = flattenMessages(catalogues.en);

  it.each(LANGUAGES)('%s has exactly the English keys', (language) => {
    const keys = [...flattenMessages(catalogues[language]).keys()].sort();
    expect(keys).toEqual([...english.keys()].sort());
  });

  it.each(LANGUAGES)('%s has no empty message', (language) => {
    const empty = [...flattenMessages(catalogues[language])].filter(([, text]) => text.trim() === '');
    expect(empty).toEqual([]);
  });

  it.each(LANGUAGES)('%s uses the same placeholders as English in every message', (language) => {
    const mismatched = [...flattenMessages(catalogues[language])].filter(
      ([key, text]) => placeholders(text).join() !== placeholders(english.get(key) ?? '').join(),
    );
    expect(mismatched).toEqual([]);
  });

  it('Malay and Chinese are translations, not copies of English, outside names and codes', () => {
    const sameEverywhere = new Set([
      'common.app_name',
      'common.ok',
      'languages.en',
      'languages.ms',
      'languages.zh',
      'console.resources.councils.fields.logoUrl',
      // Card brands, and words Malay shares with English.
      'checkout.card_visa',
      'checkout.card_mastercard',
      'common.status',
      'fields.payment_status',
      'checkout.bank',
      'fields.gst_amount',
      'fields.subhead',
      'console.resources.payments.fields.status',
      'console.audit_fields.status',
      'console.resources.payments.fields.bankId',
      'console.resources.notifications.fields.status',
      'console.csv.status',
      // The FPX scheme's name.
      'console.day_close.fpx',
      'console.settlement.gateways.fpx',
    ]);
    for (const language of ['ms', 'zh'] as const) {
      const copied = [...flattenMessages(catalogues[language])].filter(
        ([key, text]) => !sameEverywhere.has(key) && text === english.get(key),
      );
      expect(copied.map(([key]) => `${language}:${key}`)).toEqual([]);
    }
  });

  it('names every payable type and payment state of libs/domain', () => {
    for (const type of PAYABLE_TYPES) expect(isMessageKey(`payment_types.${type}`)).toBe(true);
    for (const state of PAYMENT_STATES) expect(isMessageKey(`payment_states.${state}`)).toBe(true);
  });

  it('keeps the fixed texts word for word', () => {
    expect(catalogues.en.errors.not_found).toBe('Not Found!');
    expect(catalogues.en.not_found.title).toBe('This page could not be found');
    expect(catalogues.en.validation.required).toBe('{{field}} is required.');
    expect(catalogues.en.validation.cart_full).toBe('Your cart is full, kindly checkout for your payment.');
    expect(catalogues.ms.payment_types.assessment).toBe('Cukai Taksiran');
  });

  it('exposes the catalogues to i18next under one namespace per language', () => {
    expect(Object.keys(resources).sort()).toEqual([...LANGUAGES].sort());
    expect(resources.zh.translation).toBe(catalogues.zh);
    expect(MESSAGE_KEYS).toContain('errors.attempt_failed_please_try_again');
    expect(isMessageKey('errors.no_such_code')).toBe(false);
  });

  it("splits Malay into the core groups of the first paint, the portal's other groups and the console's", async () => {
    const features = await loadMalayFeatures();
    expect(Object.keys(msCore).sort()).toEqual([...CORE_GROUPS].sort());
    expect(Object.keys(features).some((group) => (CORE_GROUPS as readonly string[]).includes(group))).toBe(false);
    // The portal never downloads the staff console's labels.
    expect(features).not.toHaveProperty('console');
    expect({ ...msCore, ...features, console: catalogues.ms.console }).toEqual(catalogues.ms);
  });
});
