/**
 * THE payment state machine. Every state, event and allowed transition is
 * defined here and nowhere else; the API's payment aggregate applies `transition` and nothing more.
 *
 * Gateway answers may arrive twice, late or out of order, so each (state, event) pair has exactly one of
 * three outcomes:
 * - `move`: the payment changes state (`late` flags an approval that arrived after the payment had
 *   already failed or expired, for reconciliation);
 * - `noop`: the same fact delivered again; nothing changes and the caller answers as if it succeeded;
 * - `refused`: the event makes no sense in this state (conflicting answer, terminal state); nothing
 *   changes and the caller reports or records the refusal.
 */

export const PAYMENT_STATES = ['in_progress', 'pending', 'paid', 'failed', 'cancelled', 'expired', 'refunded'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export const PAYMENT_EVENTS = [
  /** The gateway says the transaction is still pending at the bank. */
  'gateway_pending',
  /** The gateway says the bank approved the transaction. */
  'gateway_approved',
  /** The gateway says the bank rejected the transaction. */
  'gateway_rejected',
  /** The payer cancels before confirmation. */
  'payer_cancelled',
  /** No final answer after the requery schedule. */
  'expired',
  /** An admin records a refund. */
  'refund_recorded',
  /** A refund made by mistake is corrected by a reversing entry: the money was never given back. */
  'refund_corrected',
] as const;
export type PaymentEvent = (typeof PAYMENT_EVENTS)[number];

/** States in which the payer's outcome is settled: requery stops, the payer is notified. */
export const FINAL_STATES = [
  'paid',
  'failed',
  'cancelled',
  'expired',
  'refunded',
] as const satisfies readonly PaymentState[];
export type FinalPaymentState = (typeof FINAL_STATES)[number];

/** True for a settled payment. Note: `failed`, `expired` and `cancelled` still become `paid` on a late approval. */
export function isFinal(state: PaymentState): state is FinalPaymentState {
  return (FINAL_STATES as readonly PaymentState[]).includes(state);
}

/** States still waiting for the gateway's final answer: asked on the requery schedule, one per bill at a time. */
export const OPEN_PAYMENT_STATES = ['in_progress', 'pending'] as const satisfies readonly PaymentState[];

/**
 * States a signed gateway answer can still change: the open ones, and those we ended ourselves without the
 * bank's approval (a late approval makes them paid). These are asked of the gateway; nothing else is.
 */
export const ANSWERABLE_STATES = [
  'in_progress',
  'pending',
  'failed',
  'cancelled',
  'expired',
] as const satisfies readonly PaymentState[];

/** Ended without an approval: still asked of the gateway, on the slow schedule, in case the bank took the money. */
export const SLOW_REQUERY_STATES = ['failed', 'cancelled', 'expired'] as const satisfies readonly PaymentState[];

export function isOpen(state: PaymentState): boolean {
  return (OPEN_PAYMENT_STATES as readonly PaymentState[]).includes(state);
}

export function isAnswerable(state: PaymentState): boolean {
  return (ANSWERABLE_STATES as readonly PaymentState[]).includes(state);
}

export function isPaymentState(value: unknown): value is PaymentState {
  return typeof value === 'string' && (PAYMENT_STATES as readonly string[]).includes(value);
}

export function isPaymentEvent(value: unknown): value is PaymentEvent {
  return typeof value === 'string' && (PAYMENT_EVENTS as readonly string[]).includes(value);
}

/** Why a repeated fact changes nothing. */
export type NoopReason =
  /** The gateway gave the same answer again (browser return + callback + requery). */
  | 'duplicate_answer'
  /** The same request was made again (double click, two workers, retried HTTP call). */
  | 'duplicate_request';

/** Why an event is refused. */
export type RefusalReason =
  /**
   * `refunded` accepts nothing new but the correction of a mistaken refund; `cancelled` accepts only an approval
   * (the bank took the money).
   */
  | 'terminal_state'
  /** A gateway answer that contradicts, or is older than, the final answer already recorded. */
  | 'conflicts_with_final_answer'
  /** An event that does not apply to this state (e.g. refunding an unpaid payment). */
  | 'not_applicable';

export type TransitionResult =
  | { readonly kind: 'move'; readonly to: PaymentState; readonly late: boolean }
  | { readonly kind: 'noop'; readonly reason: NoopReason }
  | { readonly kind: 'refused'; readonly reason: RefusalReason };

export interface PaymentMove {
  readonly from: PaymentState;
  readonly event: PaymentEvent;
  readonly to: PaymentState;
  readonly late: boolean;
}

export interface PaymentNoop {
  readonly state: PaymentState;
  readonly event: PaymentEvent;
  readonly reason: NoopReason;
}

/** Every allowed state change. */
export const PAYMENT_MOVES: readonly PaymentMove[] = [
  { from: 'in_progress', event: 'gateway_pending', to: 'pending', late: false },
  { from: 'in_progress', event: 'gateway_approved', to: 'paid', late: false },
  { from: 'pending', event: 'gateway_approved', to: 'paid', late: false },
  { from: 'in_progress', event: 'gateway_rejected', to: 'failed', late: false },
  { from: 'pending', event: 'gateway_rejected', to: 'failed', late: false },
  { from: 'in_progress', event: 'payer_cancelled', to: 'cancelled', late: false },
  { from: 'in_progress', event: 'expired', to: 'expired', late: false },
  { from: 'pending', event: 'expired', to: 'expired', late: false },
  { from: 'failed', event: 'gateway_approved', to: 'paid', late: true },
  { from: 'expired', event: 'gateway_approved', to: 'paid', late: true },
  { from: 'cancelled', event: 'gateway_approved', to: 'paid', late: true },
  { from: 'paid', event: 'refund_recorded', to: 'refunded', late: false },
  // The refund that made it refunded is corrected: it is paid again (its paidAt never moved).
  { from: 'refunded', event: 'refund_corrected', to: 'paid', late: false },
];

/**
 * Facts that were already applied, delivered again. Besides the three gateway duplicates, a repeated
 * cancel, expiry or refund is a no-op, and so is the approval of a refunded payment (the approval that
 * made it `paid`, arriving once more after the refund).
 */
export const PAYMENT_NOOPS: readonly PaymentNoop[] = [
  { state: 'pending', event: 'gateway_pending', reason: 'duplicate_answer' },
  { state: 'paid', event: 'gateway_approved', reason: 'duplicate_answer' },
  { state: 'failed', event: 'gateway_rejected', reason: 'duplicate_answer' },
  { state: 'refunded', event: 'gateway_approved', reason: 'duplicate_answer' },
  { state: 'cancelled', event: 'payer_cancelled', reason: 'duplicate_request' },
  { state: 'expired', event: 'expired', reason: 'duplicate_request' },
  { state: 'refunded', event: 'refund_recorded', reason: 'duplicate_request' },
];

const TERMINAL_STATES: readonly PaymentState[] = ['refunded'];
const GATEWAY_EVENTS: readonly PaymentEvent[] = ['gateway_pending', 'gateway_approved', 'gateway_rejected'];

/** Why a pair that is neither a move nor a no-op is refused. */
function refusalReason(state: PaymentState, event: PaymentEvent): RefusalReason {
  if (TERMINAL_STATES.includes(state)) return 'terminal_state';
  if (isFinal(state) && GATEWAY_EVENTS.includes(event)) return 'conflicts_with_final_answer';
  return 'not_applicable';
}

function resultFor(state: PaymentState, event: PaymentEvent): TransitionResult {
  const move = PAYMENT_MOVES.find((m) => m.from === state && m.event === event);
  if (move) return Object.freeze({ kind: 'move', to: move.to, late: move.late });
  const noop = PAYMENT_NOOPS.find((n) => n.state === state && n.event === event);
  if (noop) return Object.freeze({ kind: 'noop', reason: noop.reason });
  return Object.freeze({ kind: 'refused', reason: refusalReason(state, event) });
}

function buildTable(): Readonly<Record<PaymentState, Readonly<Record<PaymentEvent, TransitionResult>>>> {
  const rowFor = (state: PaymentState) =>
    Object.freeze(
      Object.fromEntries(PAYMENT_EVENTS.map((event) => [event, resultFor(state, event)])) as Record<
        PaymentEvent,
        TransitionResult
      >,
    );
  return Object.freeze(
    Object.fromEntries(PAYMENT_STATES.map((state) => [state, rowFor(state)])) as Record<
      PaymentState,
      Readonly<Record<PaymentEvent, TransitionResult>>
    >,
  );
}

/** The full table: the outcome of every (state, event) pair, built from the moves and no-ops above. */
export const PAYMENT_TRANSITION_TABLE = buildTable();

/** What applying `event` to a payment in `state` does. */
export function transition(state: PaymentState, event: PaymentEvent): TransitionResult {
  return PAYMENT_TRANSITION_TABLE[state][event];
}

/** States a payment in `state` can move to (for the console's action buttons and docs). */
export function reachableStates(state: PaymentState): PaymentState[] {
  return [...new Set(PAYMENT_MOVES.filter((m) => m.from === state).map((m) => m.to))];
}
