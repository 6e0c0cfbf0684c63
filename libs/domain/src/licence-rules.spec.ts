import { describe, expect, it } from 'vitest';
import { checkLicenceRenewal } from './licence-rules';

describe('checkLicenceRenewal', () => {
  it('lets active, approved and expired licences be renewed online', () => {
    for (const statusl of ['active', 'approved', 'expired', ' Active ']) {
      expect(checkLicenceRenewal({ statusl, renewableOnline: true })).toEqual({ ok: true });
    }
  });

  it('refuses any other status with the licence department message', () => {
    for (const statusl of ['suspended', 'cancelled', 'revoked', '']) {
      expect(checkLicenceRenewal({ statusl, renewableOnline: true })).toEqual({
        ok: false,
        code: 'license_status_not_allowed',
      });
    }
  });

  it('sends a licence that is not renewable online to the counter', () => {
    expect(checkLicenceRenewal({ statusl: 'active', renewableOnline: false })).toEqual({
      ok: false,
      code: 'trading_license_not_renewable',
    });
  });

  it('reports the status first when both rules fail', () => {
    expect(checkLicenceRenewal({ statusl: 'suspended', renewableOnline: false })).toMatchObject({
      code: 'license_status_not_allowed',
    });
  });
});
