import { describe, expect, it } from 'vitest';
import { catalogueKey, i18nProvider } from './i18nProvider';

describe('console i18nProvider', () => {
  it('labels our resources and fields from the shared catalogues', () => {
    expect(i18nProvider.translate('resources.councils.name', { smart_count: 2 })).toBe('Councils');
    expect(i18nProvider.translate('resources.councils.name', { smart_count: 1 })).toBe('Council');
    expect(i18nProvider.translate('resources.councils.fields.name.ms')).toBe('Name (Malay)');
    expect(i18nProvider.translate('payment_types.assessment')).toBe('Assessment Tax');
    expect(i18nProvider.translate('console.latency', { ms: 12 })).toBe('Response time: 12 ms');
  });

  it("leaves react-admin's own texts to react-admin", () => {
    expect(catalogueKey('ra.action.save', undefined)).toBeNull();
    expect(i18nProvider.translate('ra.action.save')).toBe('Save');
  });

  it('is English for now', () => {
    expect(i18nProvider.getLocale()).toBe('en');
  });
});
