// npm start's demo of payments out: mdpg's webhook endpoint pointing at the council simulator.
import { staffSignIn } from './staff-sign-in.mjs';
/** The demo: the council whose webhooks go to the council simulator, and the events it receives. */
export const DEMO_WEBHOOK_COUNCIL = 'mdpg';
const DEMO_WEBHOOK_EVENTS = ['bill.credited', 'payment.late_approval', 'refund.made', 'day.signed_off'];

/**
 * The demo's webhook endpoint: signed in as a demo staff account, makes (or finds) the endpoint of
 * DEMO_WEBHOOK_COUNCIL pointing at the council simulator's /hooks, turns it on, rotates its secret (the simulator
 * keeps secrets in memory only, so each start gives it the current one) and hands the secret to the simulator.
 * Returns the endpoint's id. The secret is never printed.
 */
export async function registerDemoWebhook({ apiUrl, simUrl, email, password, totpSecret }) {
  const { cookie, csrf } = await staffSignIn(apiUrl, email, password, { totpSecret }).catch((error) => {
    throw new Error(`demo webhook: ${error.message}`);
  });
  const headers = { Cookie: cookie, 'Content-Type': 'application/json', 'X-CSRF-Token': csrf };
  const call = async (method, path, body) => {
    const res = await fetch(`${apiUrl}${path}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
    if (res.status >= 300) throw new Error(`demo webhook: ${method} ${path} answered ${res.status}`);
    return res.json();
  };
  const url = `${simUrl}/hooks`;
  const listed = await call('GET', `/api/admin/webhook-endpoints?council=${DEMO_WEBHOOK_COUNCIL}`);
  let endpoint = listed.find((e) => e.url === url);
  let secret;
  if (endpoint) {
    if (!endpoint.enabled) await call('PUT', `/api/admin/webhook-endpoints/${endpoint.id}`, { enabled: true });
    ({ secret } = await call('POST', `/api/admin/webhook-endpoints/${endpoint.id}/rotate-secret`));
  } else {
    endpoint = await call('POST', '/api/admin/webhook-endpoints', {
      council: DEMO_WEBHOOK_COUNCIL,
      url,
      events: DEMO_WEBHOOK_EVENTS,
      description: 'Council simulator (demo)',
    });
    secret = endpoint.secret;
  }
  const told = await fetch(`${simUrl}/control/secrets`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ secret }),
  });
  if (told.status !== 200) throw new Error(`demo webhook: the council simulator refused the secret (${told.status})`);
  return endpoint.id;
}
