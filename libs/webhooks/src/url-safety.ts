import { BlockList, isIP } from 'node:net';
import { WEBHOOK_URL_MAX_CHARS, type WebhookUrlProblem } from '@councilpay/domain';

/**
 * Addresses a production webhook may never reach: this host, the cloud's metadata service, the private
 * networks our own servers live on, and every range that is not the public internet (RFC 6890 and its
 * successors). IPv4 inside IPv6 (::ffff:10.0.0.1) is caught by BlockList itself.
 */
const notPublic = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  notPublic.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  notPublic.addSubnet(net, prefix, 'ipv6');
}

/** True for an IP address on the public internet; false for any other address or text that is not one. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (notPublic.check(address, type)) return false;
  // An IPv4-mapped IPv6 address is judged as the IPv4 address it carries.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? isPublicAddress(mapped[1]) : true;
}

export interface WebhookUrlRules {
  /** Production: https only, and never a name or address that is not public. Development allows both. */
  production: boolean;
}

/**
 * The first thing wrong with a webhook URL, or null. A host name is judged here by its form only (localhost
 * and names under .localhost, .local and .internal are refused in production); the delivery worker judges the
 * addresses it resolves to with isPublicAddress before every call, so a name that later points inside is
 * refused then.
 */
export function webhookUrlProblem(text: string, rules: WebhookUrlRules): WebhookUrlProblem | null {
  if (text.length > WEBHOOK_URL_MAX_CHARS) return 'too_long';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'malformed';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'malformed';
  if (!url.hostname) return 'malformed';
  if (url.username || url.password) return 'credentials';
  if (!rules.production) return null;
  if (url.protocol !== 'https:') return 'not_https';
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (isIP(host) !== 0) return isPublicAddress(host) ? null : 'private_address';
  if (/^[0-9.]+$/.test(host) || /^0x/i.test(host)) return 'malformed';
  if (host === 'localhost' || /\.(localhost|local|internal|localdomain)\.?$/.test(host) || !host.includes('.')) {
    return 'private_address';
  }
  return null;
}
