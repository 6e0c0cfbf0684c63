import { describe, it, expect } from 'vitest';
import {
  FINAL_STATES,
  PAYMENT_EVENTS,
  PAYMENT_STATES,
  PAYMENT_TRANSITION_TABLE,
  isFinal,
  isPaymentEvent,
  isPaymentState,
  reachableStates,
  transition,
  type PaymentEvent,
  type PaymentState,
  type TransitionResult,
} from './payment-state';

/** Written out by hand from the state diagram in docs/architecture.md, independently of the implementation's lists. */
const EXPECTED_MOVES: Record<string, { to: PaymentState; late: boolean }> = {
  'in_progress/gateway_pending': { to: 'pending', late: false },
  'in_progress/gateway_approved': { to: 'paid', late: false },
  'pending/gateway_approved': { to: 'paid', late: false },
  'in_progress/gateway_rejected': { to: 'failed', late: false },
  'pending/gateway_rejected': { to: 'failed', late: false },
  'in_progress/payer_cancelled': { to: 'cancelled', late: false },
  'in_progress/expired': { to: 'expired', late: false },
  'pending/expired': { to: 'expired', late: false },
  'failed/gateway_approved': { to: 'paid', late: true },
  'expired/gateway_approved': { to: 'paid', late: true },
  'cancelled/gateway_approved': { to: 'paid', late: true },
  'paid/refund_recorded': { to: 'refunded', late: false },
  'refunded/refund_corrected': { to: 'paid', late: false },
};

const EXPECTED_NOOPS = new Set([
  'pending/gateway_pending',
  'paid/gateway_approved',
  'failed/gateway_rejected',
  'refunded/gateway_approved',
  'cancelled/payer_cancelled',
  'expired/expired',
  'refunded/refund_recorded',
]);

const ALL_PAIRS: Array<[PaymentState, PaymentEvent]> = PAYMENT_STATES.flatMap((state) =>
  PAYMENT_EVENTS.map((event): [PaymentState, PaymentEvent] => [state, event]),
);

describe('payment state table', () => {
  it('covers 7 states x 7 events = 49 pairs', () => {
    expect(ALL_PAIRS).toHaveLength(49);
    for (const state of PAYMENT_STATES) {
      expect(Object.keys(PAYMENT_TRANSITION_TABLE[state]).sort()).toEqual([...PAYMENT_EVENTS].sort());
    }
  });

  it.each(ALL_PAIRS)('%s + %s: moves only if allowed, no-op only if a duplicate, refused otherwise', (state, event) => {
    const key = `${state}/${event}`;
    const result = transition(state, event);
    const move = EXPECTED_MOVES[key];
    if (move) {
      expect(result).toEqual({ kind: 'move', to: move.to, late: move.late });
    } else if (EXPECTED_NOOPS.has(key)) {
      expect(result.kind).toBe('noop');
    } else {
      expect(result.kind).toBe('refused');
    }
    expect(PAYMENT_TRANSITION_TABLE[state][event]).toBe(result);
  });

  it('has exactly 13 moves and 7 no-ops', () => {
    const kinds = ALL_PAIRS.map(([s, e]) => transition(s, e).kind);
    expect(kinds.filter((k) => k === 'move')).toHaveLength(13);
    expect(kinds.filter((k) => k === 'noop')).toHaveLength(7);
    expect(kinds.filter((k) => k === 'refused')).toHaveLength(29);
  });

  it('flags approvals after failure, cancel or expiry as late, and no other move', () => {
    const late = ALL_PAIRS.filter(([s, e]) => {
      const r = transition(s, e);
      return r.kind === 'move' && r.late;
    });
    expect(late).toEqual([
      ['failed', 'gateway_approved'],
      ['cancelled', 'gateway_approved'],
      ['expired', 'gateway_approved'],
    ]);
  });

  it('the table cannot be mutated', () => {
    expect(Object.isFrozen(PAYMENT_TRANSITION_TABLE)).toBe(true);
    expect(Object.isFrozen(PAYMENT_TRANSITION_TABLE.pending)).toBe(true);
    expect(Object.isFrozen(PAYMENT_TRANSITION_TABLE.pending.gateway_approved)).toBe(true);
  });
});

describe('transition reasons', () => {
  const reason = (r: TransitionResult) => (r.kind === 'move' ? null : r.reason);

  it('same gateway answer twice is a duplicate answer', () => {
    expect(reason(transition('pending', 'gateway_pending'))).toBe('duplicate_answer');
    expect(reason(transition('paid', 'gateway_approved'))).toBe('duplicate_answer');
    expect(reason(transition('failed', 'gateway_rejected'))).toBe('duplicate_answer');
  });

  it('a repeated cancel, expiry or refund is a duplicate request', () => {
    expect(reason(transition('cancelled', 'payer_cancelled'))).toBe('duplicate_request');
    expect(reason(transition('expired', 'expired'))).toBe('duplicate_request');
    expect(reason(transition('refunded', 'refund_recorded'))).toBe('duplicate_request');
  });

  it('a rejection after approval conflicts with the final answer', () => {
    expect(transition('paid', 'gateway_rejected')).toEqual({ kind: 'refused', reason: 'conflicts_with_final_answer' });
    expect(transition('paid', 'gateway_pending')).toEqual({ kind: 'refused', reason: 'conflicts_with_final_answer' });
  });

  it('an approval always wins: a cancelled payment accepts an approval (late) and nothing else new', () => {
    expect(transition('cancelled', 'gateway_approved')).toEqual({ kind: 'move', to: 'paid', late: true });
    expect(transition('cancelled', 'gateway_rejected')).toEqual({
      kind: 'refused',
      reason: 'conflicts_with_final_answer',
    });
    expect(transition('cancelled', 'refund_recorded')).toEqual({ kind: 'refused', reason: 'not_applicable' });
  });

  it('refunded refuses everything except duplicates and the correction of a mistaken refund', () => {
    expect(transition('refunded', 'gateway_rejected')).toEqual({ kind: 'refused', reason: 'terminal_state' });
    expect(transition('refunded', 'expired')).toEqual({ kind: 'refused', reason: 'terminal_state' });
    expect(transition('refunded', 'refund_corrected')).toEqual({ kind: 'move', to: 'paid', late: false });
  });

  it('a correction moves only a refunded payment: a partly refunded one stays paid without the table', () => {
    expect(transition('paid', 'refund_corrected')).toEqual({ kind: 'refused', reason: 'not_applicable' });
    expect(transition('failed', 'refund_corrected')).toEqual({ kind: 'refused', reason: 'not_applicable' });
  });

  it('events that do not apply are refused as not applicable', () => {
    expect(transition('in_progress', 'refund_recorded')).toEqual({ kind: 'refused', reason: 'not_applicable' });
    expect(transition('pending', 'payer_cancelled')).toEqual({ kind: 'refused', reason: 'not_applicable' });
    expect(transition('paid', 'expired')).toEqual({ kind: 'refused', reason: 'not_applicable' });
  });
});

describe('final states', () => {
  it('paid, failed, cancelled, expired and refunded are final; in_progress and pending are not', () => {
    expect([...FINAL_STATES].sort()).toEqual(['cancelled', 'expired', 'failed', 'paid', 'refunded']);
    expect(isFinal('in_progress')).toBe(false);
    expect(isFinal('pending')).toBe(false);
    for (const state of FINAL_STATES) expect(isFinal(state)).toBe(true);
  });

  it('only non-final states react to gateway_pending or expiry', () => {
    for (const state of FINAL_STATES) {
      expect(transition(state, 'gateway_pending').kind).not.toBe('move');
      expect(transition(state, 'expired').kind).not.toBe('move');
    }
  });
});

describe('guards and helpers', () => {
  it('recognises states and events', () => {
    expect(isPaymentState('paid')).toBe(true);
    expect(isPaymentState('successful')).toBe(false);
    expect(isPaymentEvent('gateway_approved')).toBe(true);
    expect(isPaymentEvent('approved')).toBe(false);
    expect(isPaymentEvent(42)).toBe(false);
  });

  it('lists reachable states', () => {
    expect(reachableStates('in_progress').sort()).toEqual(['cancelled', 'expired', 'failed', 'paid', 'pending']);
    expect(reachableStates('pending').sort()).toEqual(['expired', 'failed', 'paid']);
    expect(reachableStates('failed')).toEqual(['paid']);
    expect(reachableStates('paid')).toEqual(['refunded']);
    expect(reachableStates('cancelled')).toEqual(['paid']);
    expect(reachableStates('refunded')).toEqual(['paid']);
  });
});
