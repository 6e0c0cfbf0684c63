import type { PaymentDto } from '@councilpay/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../shared/api/client';
import { getPayment, requeryPayment } from '../../shared/payments/payments-api';
import { isFollowed, POLL_MS, requeryDue, requeryInterval } from './payment-status';
import { usePaymentStream } from './payment-stream';

export interface PaymentStatus {
  payment: PaymentDto | null;
  /** The last failure to read the payment (shown while there is no payment to show). */
  error: unknown;
  /** Reads the payment again now (after a cancel, or a check the payer asked for). */
  refresh: () => void;
}

/**
 * The payment with the given reference, followed live until it is final: read again on every change the
 * API streams (payment-stream.ts), or every POLL_MS while the stream is not open, and asked of the gateway
 * while the bank has not answered: every ~10 s at first, then every minute (payment-status.ts).
 */
export function usePaymentStatus(reference: string | null): PaymentStatus {
  const [payment, setPayment] = useState<PaymentDto | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [tick, setTick] = useState(0);
  const refresh = useCallback(() => setTick((n) => n + 1), []);
  const live = usePaymentStream(reference, payment !== null && isFollowed(payment.status), refresh);
  const followed = useRef({
    reference: '',
    since: 0,
    lastRequeryAt: null as number | null,
    waiting: false,
    canAsk: false,
  });

  useEffect(() => {
    if (!reference) return;
    const state = followed.current;
    if (state.reference !== reference) {
      Object.assign(state, { reference, since: Date.now(), lastRequeryAt: null, waiting: false, canAsk: false });
      setPayment(null);
      setError(null);
    }
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const again = (ms: number) => {
      timer = setTimeout(() => setTick((n) => n + 1), ms);
    };

    const follow = async () => {
      try {
        // Only a payer with proof (this tab made it, or its owner signed in) may ask the bank: `view` full.
        if (state.waiting && state.canAsk && requeryDue(state.since, state.lastRequeryAt, Date.now())) {
          state.lastRequeryAt = Date.now();
          // Asked moments ago (e.g. by another tab) or gateway trouble: just read the payment again.
          await requeryPayment(reference).catch(() => undefined);
          if (controller.signal.aborted) return;
        }
        const read = await getPayment(reference, controller.signal);
        if (controller.signal.aborted) return;
        state.waiting = isFollowed(read.status);
        state.canAsk = read.view === 'full';
        setPayment(read);
        setError(null);
        // With the stream open, a change arrives by itself: read again only when a requery may be due.
        if (state.waiting) again(live.current ? requeryInterval(Date.now() - state.since) : POLL_MS);
      } catch (caught) {
        if (controller.signal.aborted) return;
        setError(caught);
        // An unknown or malformed reference stays so; anything else (network, 5xx) is tried again.
        if (!(caught instanceof ApiError && (caught.status === 404 || caught.status === 400))) again(POLL_MS * 2);
      }
    };
    void follow();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [reference, tick, live]);

  return { payment, error, refresh };
}
