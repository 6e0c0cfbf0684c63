/**
 * Our own rules for a production deployment, beyond what the configuration validator checks (it accepts
 * its development defaults in any mode): shared by the compose and the Kubernetes checks.
 */
import { CONFIG_DEFAULTS, type AppConfig } from '../../apps/api/src/config/config';

/** Everything in a production configuration that would still be demo or development. */
export function productionProblems(config: AppConfig, simulatorHosts: readonly string[]): string[] {
  const problems: string[] = [];
  if (config.nodeEnv !== 'production') problems.push(`NODE_ENV is "${config.nodeEnv}", not production`);
  if (!config.publicUrl.startsWith('https://')) problems.push(`PUBLIC_URL ${config.publicUrl} is not https`);
  const endpoints: Record<string, string> = {
    FPX_AR_URL: config.gateways.fpx.arUrl,
    FPX_AE_URL: config.gateways.fpx.aeUrl,
    FPX_BE_URL: config.gateways.fpx.beUrl,
    CARD_PAY_URL: config.gateways.card.payUrl,
    CARD_ENQUIRY_URL: config.gateways.card.enquiryUrl,
  };
  const simHosts = new Set([
    'localhost',
    '127.0.0.1',
    new URL(CONFIG_DEFAULTS.SIM_PUBLIC_URL).hostname,
    ...simulatorHosts,
  ]);
  for (const [name, url] of Object.entries(endpoints)) {
    const { protocol, hostname } = new URL(url);
    if (simHosts.has(hostname)) problems.push(`${name} points at the gateway simulator (${url})`);
    else if (protocol !== 'https:') problems.push(`${name} is not https (${url})`);
  }
  const ids: Record<string, string> = {
    FPX_SELLER_EX_ID: config.gateways.fpx.sellerExId,
    FPX_SELLER_ID: config.gateways.fpx.sellerId,
    CARD_MERCHANT_ID: config.gateways.card.merchantId,
  };
  for (const [name, value] of Object.entries(ids))
    if (value === CONFIG_DEFAULTS[name as keyof typeof CONFIG_DEFAULTS])
      problems.push(`${name} is the demo merchant id ${value}`);
  if (config.requery.timeScale !== 1) problems.push('REQUERY_TIME_SCALE is not 1 (tests only)');
  return problems;
}

/**
 * Seconds a worker must be given between SIGTERM and SIGKILL: a message being sent is claimed for the
 * sending lease, and a gateway enquiry may take the gateway timeout; BullMQ lets the job in hand finish.
 */
export function workerGraceNeededSeconds(config: AppConfig): number {
  return Math.ceil(Math.max(config.notifications.notifySendingLeaseMs, config.gateways.timeoutMs) / 1000);
}

/** An image reference pinned by a tag other than latest, or by digest. */
export function isPinned(image: string): boolean {
  if (image.includes('@sha256:')) return true;
  const lastSegment = image.split('/').pop() ?? image;
  const tag = lastSegment.includes(':') ? lastSegment.split(':').pop() : undefined;
  return tag !== undefined && tag !== '' && tag !== 'latest';
}
