import { describe, it, expect } from 'vitest';
import * as fpx from './index';

describe('@councilpay/fpx public API', () => {
  it('exports the merchant, exchange and card functions', () => {
    const names = [
      'buildAuthorisationRequest',
      'buildEnquiryRequest',
      'buildBankEnquiryRequest',
      'verifyAuthorisationConfirmation',
      'verifyEnquiryResponse',
      'verifyBankListResponse',
      'interpretDebitAuthCode',
      'signChecksum',
      'verifyChecksum',
      'checksumSource',
      'parseFpxResponseBody',
      'encodeFpxForm',
      'parseBankList',
      'sortBanksForDisplay',
      'formatAmountSen',
      'formatFpxTime',
      'buildAuthorisationConfirmation',
      'buildEnquiryResponse',
      'buildBankListResponse',
      'verifyAuthorisationRequest',
      'verifyEnquiryRequest',
      'verifyBankEnquiryRequest',
      'buildCardRequest',
      'verifyCardResponse',
      'interpretCardStatus',
      'buildCardEnquiry',
      'verifyCardEnquiryResponse',
      'verifyCardRequest',
      'buildCardResponse',
      'verifyCardEnquiry',
      'buildCardEnquiryResponse',
    ] as const;
    for (const name of names) expect(typeof fpx[name]).toBe('function');
    expect(fpx.FPX_DEFAULTS).toEqual({
      msgToken: '01',
      version: '7.0',
      txnCurrency: 'MYR',
      productDesc: 'MDPG EPAYMENT',
      sellerBankCode: '01',
    });
  });

  it('does not export the internal verification helpers', () => {
    expect('checkSignedMessage' in fpx).toBe(false);
    expect('fail' in fpx).toBe(false);
  });
});
