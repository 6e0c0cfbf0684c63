import { useEffect, useRef, type MutableRefObject } from 'react';

/**
 * While `following`, listens to GET /api/payments/:reference/events (server-sent events) and calls `onChange`
 * on every status it sends, so a paid payment shows as soon as the API has it. The returned ref is true while
 * the stream is open: the page then reads the payment only rarely, and falls back to polling when the stream
 * drops (EventSource reconnects by itself; a browser without it just polls).
 */
export function usePaymentStream(
  reference: string | null,
  following: boolean,
  onChange: () => void,
): MutableRefObject<boolean> {
  const live = useRef(false);
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    if (!reference || !following || typeof EventSource === 'undefined') return;
    const source = new EventSource(`/api/payments/${encodeURIComponent(reference)}/events`);
    source.onopen = () => {
      live.current = true;
    };
    source.addEventListener('status', () => changed.current());
    source.onerror = () => {
      live.current = false;
    };
    return () => {
      live.current = false;
      source.close();
    };
  }, [reference, following]);

  return live;
}
