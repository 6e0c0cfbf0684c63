import { describe, expect, it } from 'vitest';
import { isPublicAddress, webhookUrlProblem } from './url-safety';

const production = { production: true };
const development = { production: false };

describe('webhook URL rule', () => {
  it('production takes a public https URL', () => {
    expect(webhookUrlProblem('https://revenue.mbpj.gov.my/councilpay/events', production)).toBeNull();
    expect(webhookUrlProblem('https://8.8.8.8/hook', production)).toBeNull();
    expect(webhookUrlProblem('https://[2001:4860:4860::8888]/hook', production)).toBeNull();
  });

  it.each([
    ['http://revenue.mbpj.gov.my/hook', 'not_https'],
    ['https://localhost/hook', 'private_address'],
    ['https://api.localhost/hook', 'private_address'],
    ['https://intranet/hook', 'private_address'],
    ['https://printer.local/hook', 'private_address'],
    ['https://127.0.0.1/hook', 'private_address'],
    ['https://2130706433/hook', 'private_address'],
    ['https://0x7f.1/hook', 'private_address'],
    ['https://10.1.2.3/hook', 'private_address'],
    ['https://172.20.0.5/hook', 'private_address'],
    ['https://192.168.1.10/hook', 'private_address'],
    ['https://169.254.169.254/latest/meta-data', 'private_address'],
    ['https://100.64.0.1/hook', 'private_address'],
    ['https://0.0.0.0/hook', 'private_address'],
    ['https://[::1]/hook', 'private_address'],
    ['https://[fe80::1]/hook', 'private_address'],
    ['https://[fd00::1]/hook', 'private_address'],
    ['https://[::ffff:10.0.0.1]/hook', 'private_address'],
    ['https://user:pass@revenue.mbpj.gov.my/hook', 'credentials'],
    ['ftp://revenue.mbpj.gov.my/hook', 'malformed'],
    ['not a url', 'malformed'],
    [`https://revenue.mbpj.gov.my/${'a'.repeat(2000)}`, 'too_long'],
  ])('production refuses %s (%s)', (url, problem) => {
    expect(webhookUrlProblem(url, production)).toBe(problem);
  });

  it('development allows http and local addresses, never credentials or other schemes', () => {
    expect(webhookUrlProblem('http://127.0.0.1:5700/hooks', development)).toBeNull();
    expect(webhookUrlProblem('http://localhost:3300/hooks', development)).toBeNull();
    expect(webhookUrlProblem('http://a:b@localhost/hooks', development)).toBe('credentials');
    expect(webhookUrlProblem('file:///etc/passwd', development)).toBe('malformed');
  });

  it('judges resolved addresses: public ones only', () => {
    expect(isPublicAddress('203.106.93.94')).toBe(true);
    expect(isPublicAddress('2001:4860:4860::8888')).toBe(true);
    for (const a of ['127.0.0.1', '10.0.0.1', '169.254.169.254', '::1', 'fe80::1', '::ffff:192.168.0.1', 'x']) {
      expect(isPublicAddress(a)).toBe(false);
    }
  });
});
