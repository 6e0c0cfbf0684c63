import {
  API_ERROR_CODES,
  GATEWAY_ANSWER_OUTCOMES,
  GATEWAY_ANSWER_SOURCES,
  GATEWAY_ANSWER_VERDICTS,
  LANGUAGES,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_STATUSES,
  PAYMENT_EVENT_SOURCES,
  PAYMENT_EVENT_TYPES,
  PAYMENT_STATES,
  REFUND_STATES,
  SETTLEMENT_RESOLUTIONS,
  SETTLEMENT_RESULTS,
  STAFF_ACTIONS,
  STAFF_AUDIT_TARGETS,
} from '@councilpay/domain';
import { describe, expect, it } from 'vitest';
import { catalogues, flattenMessages } from './index';

/**
 * Every code the API can send a person's screen, from the lists in libs/domain the API itself is typed (or
 * tested) against, and the catalogue group that names it. A code added to a list without its words in Malay,
 * English and Chinese fails here.
 */
const GROUPS: readonly (readonly [string, readonly string[]])[] = [
  ['payment_states', PAYMENT_STATES],
  ['console.event_types', PAYMENT_EVENT_TYPES],
  ['console.event_sources', PAYMENT_EVENT_SOURCES],
  ['console.audit_actions', STAFF_ACTIONS],
  ['console.audit_targets', STAFF_AUDIT_TARGETS],
  ['console.answer_sources', GATEWAY_ANSWER_SOURCES],
  ['console.answer_outcomes', GATEWAY_ANSWER_OUTCOMES],
  ['console.verdicts', GATEWAY_ANSWER_VERDICTS],
  ['console.notification_statuses', NOTIFICATION_STATUSES],
  ['console.channels', NOTIFICATION_CHANNELS],
  ['console.refund_states', REFUND_STATES],
  ['console.settlement.matches', SETTLEMENT_RESULTS],
  ['console.settlement.resolutions', SETTLEMENT_RESOLUTIONS],
];

describe('words for every code the API sends', () => {
  describe.each(LANGUAGES)('%s', (language) => {
    const messages = flattenMessages(catalogues[language]);
    const has = (key: string) => (messages.get(key) ?? '').trim() !== '';

    it.each(GROUPS)('names every code of %s', (group, codes) => {
      expect(codes.filter((code) => !has(`${group}.${code}`))).toEqual([]);
    });

    it('says every API error code in words (the console’s own, else the portal’s)', () => {
      expect(API_ERROR_CODES.filter((code) => !has(`console.errors.${code}`) && !has(`errors.${code}`))).toEqual([]);
    });
  });
});
