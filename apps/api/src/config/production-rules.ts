import type { AppConfig } from './config';

function parsed(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** Host names that are the gateway simulator or this machine: never a bank's address. */
function isSimulatorHost(hostname: string, simulatorHost: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    host === simulatorHost ||
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    /^127\./.test(host) ||
    /(^|[.-])gateway-sim($|[.-])/.test(host.split('.')[0])
  );
}

/**
 * What in a production configuration is still demo or development: the simulator's addresses (or any gateway
 * address that is not https), the demo merchant ids, a public address that is not https, a scaled requery
 * clock. `demoIds` are the development defaults of the merchant ids. Every problem is named, so one start
 * says everything to fix.
 */
export function productionProblems(
  config: AppConfig,
  simulatorUrl: string,
  demoIds: Readonly<Record<'FPX_SELLER_EX_ID' | 'FPX_SELLER_ID' | 'CARD_MERCHANT_ID', string>>,
): string[] {
  const problems: string[] = [];
  if (!config.publicUrl.startsWith('https://'))
    problems.push(`PUBLIC_URL must be https in production (${config.publicUrl})`);
  const simulatorHost = parsed(simulatorUrl)?.hostname.toLowerCase() ?? '';
  const endpoints = {
    FPX_AR_URL: config.gateways.fpx.arUrl,
    FPX_AE_URL: config.gateways.fpx.aeUrl,
    FPX_BE_URL: config.gateways.fpx.beUrl,
    CARD_PAY_URL: config.gateways.card.payUrl,
    CARD_ENQUIRY_URL: config.gateways.card.enquiryUrl,
  };
  for (const [name, url] of Object.entries(endpoints)) {
    const address = parsed(url);
    if (!address) continue; // malformed: already named by the validator
    const { protocol, hostname } = address;
    if (isSimulatorHost(hostname, simulatorHost))
      problems.push(`${name} points at the gateway simulator or this machine (${url}): set the bank's address`);
    else if (protocol !== 'https:') problems.push(`${name} must be https in production (${url})`);
  }
  const ids = {
    FPX_SELLER_EX_ID: config.gateways.fpx.sellerExId,
    FPX_SELLER_ID: config.gateways.fpx.sellerId,
    CARD_MERCHANT_ID: config.gateways.card.merchantId,
  };
  for (const [name, value] of Object.entries(ids))
    if (value === demoIds[name as keyof typeof ids]) problems.push(`${name} is the demo merchant id ${value}`);
  if (config.requery.timeScale !== 1) problems.push('REQUERY_TIME_SCALE must be 1 in production (tests only)');
  return problems;
}
