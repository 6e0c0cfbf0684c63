import { describe, it, expect } from 'vitest';
import { createHmac } from 'node:crypto';
import {
  buildCardEnquiry,
  buildCardRequest,
  cardEnquirySource,
  cardRequestSource,
  cardResponseSource,
  interpretCardStatus,
  padInvoiceNo,
  signCardSource,
  verifyCardEnquiryResponse,
  verifyCardResponse,
  verifyCardSignature,
  type CardRequestParams,
} from './card';
import { buildCardEnquiryResponse, buildCardResponse, verifyCardEnquiry, verifyCardRequest } from './card-exchange';
import { parseFormBody } from './form';
import { FpxInputError } from './format';

const secret = 'test-card-secret-0123456789abcdef';

const request: CardRequestParams = {
  gatewayUrl: 'https://card.test/pay',
  merchantId: 'M0001',
  invoiceNo: '1709600523000',
  amountSen: 1230,
  payer: { name: ' Ali bin Abu ', email: 'ali @example.my', contact: '012 345 6789' },
  method: '48',
  returnUrl: 'https://portal.test/#/payment/return',
  callbackUrl: 'https://api.test/api/payments/card/callback',
  secret,
};

function hmac(text: string, key = secret): string {
  return createHmac('sha256', key).update(text).digest('hex');
}

function flipHex(hex: string, at = 5): string {
  return hex.slice(0, at) + (hex[at] === 'a' ? 'b' : 'a') + hex.slice(at + 1);
}

describe('padInvoiceNo', () => {
  it('zero-pads to 20 digits', () => {
    expect(padInvoiceNo('1709600523000')).toBe('00000001709600523000');
    expect(padInvoiceNo(42)).toBe('00000000000000000042');
    expect(padInvoiceNo(12345678901234567890n)).toBe('12345678901234567890');
  });

  it('refuses non-digits and more than 20 digits', () => {
    for (const bad of ['', 'A1', '1-2', '123456789012345678901', '-1'])
      expect(() => padInvoiceNo(bad)).toThrow(FpxInputError);
    expect(() => padInvoiceNo(-1)).toThrow(FpxInputError);
    expect(() => padInvoiceNo(1.5)).toThrow(FpxInputError);
  });
});

describe('buildCardRequest', () => {
  it('builds the signed form: no card data, securityKeyReq over merID|invoiceNo|amount|currency|method|postURL|callbackURL', () => {
    const { action, fields } = buildCardRequest(request);
    expect(action).toBe('https://card.test/pay');
    expect(fields).toEqual({
      amount: '12.30',
      merID: 'M0001',
      invoiceNo: '00000001709600523000',
      currency: 'MYR',
      paymentId: '48',
      securityKeyReq: hmac(
        'M0001|00000001709600523000|12.30|MYR|48|https://portal.test/#/payment/return|https://api.test/api/payments/card/callback',
      ),
      postURL: 'https://portal.test/#/payment/return',
      callbackURL: 'https://api.test/api/payments/card/callback',
      UserName: 'Ali bin Abu',
      UserEmail: 'ali@example.my',
      UserContact: '0123456789',
    });
    expect(cardRequestSource(fields)).toBe(
      'M0001|00000001709600523000|12.30|MYR|48|https://portal.test/#/payment/return|https://api.test/api/payments/card/callback',
    );
    expect(fields['securityKeyReq']).toMatch(/^[0-9a-f]{64}$/);
  });

  it('round-trips: the gateway verifies it', () => {
    const { fields } = buildCardRequest({ ...request, method: '49' });
    const result = verifyCardRequest(fields, secret);
    expect(result.ok).toBe(true);
    if (result.ok)
      expect(result.message).toMatchObject({ paymentId: '49', amountSen: 1230, invoiceNo: '00000001709600523000' });
  });

  it('fails when a signed field or one hex character changes, or with another secret', () => {
    const { fields } = buildCardRequest(request);
    for (const name of ['merID', 'invoiceNo', 'amount', 'currency', 'paymentId']) {
      const value =
        name === 'paymentId'
          ? '49'
          : name === 'amount'
            ? '1.23'
            : name === 'invoiceNo'
              ? '00000001709600523001'
              : `${fields[name] ?? ''}X`;
      expect(verifyCardRequest({ ...fields, [name]: value }, secret)).toMatchObject({
        ok: false,
        code: 'bad_checksum',
      });
    }
    expect(
      verifyCardRequest({ ...fields, securityKeyReq: flipHex(fields['securityKeyReq'] ?? '') }, secret),
    ).toMatchObject({
      code: 'bad_checksum',
    });
    expect(verifyCardRequest(fields, 'another-secret')).toMatchObject({ code: 'bad_checksum' });
  });

  it('refuses unusable input', () => {
    expect(() => buildCardRequest({ ...request, amountSen: 0 })).toThrow(FpxInputError);
    expect(() => buildCardRequest({ ...request, merchantId: 'M|1' })).toThrow(FpxInputError);
    expect(() => buildCardRequest({ ...request, invoiceNo: 'INV-1' })).toThrow(FpxInputError);
    expect(() => buildCardRequest({ ...request, secret: '' })).toThrow(FpxInputError);
  });
});

describe('card response', () => {
  const response = {
    merchantCode: 'M0001',
    paymentId: '48',
    refNo: '00000001709600523000',
    amount: 1230,
    status: '1',
    transId: 'T123456',
    authCode: 'A1B2C3',
    remark: 'ok',
    secret,
  };
  const expected = { merchantId: 'M0001', invoiceNo: '1709600523000', amountSen: 1230 };

  it('is signed over merchantCode|paymentId|refNo|amount|currency|status|transId|authCode', () => {
    const fields = buildCardResponse(response);
    expect(cardResponseSource(fields)).toBe('M0001|48|00000001709600523000|12.30|MYR|1|T123456|A1B2C3');
    expect(fields['signature']).toBe(hmac('M0001|48|00000001709600523000|12.30|MYR|1|T123456|A1B2C3'));
  });

  it('round-trips: success, failure and pending', () => {
    const ok = verifyCardResponse(buildCardResponse(response), secret, expected);
    expect(ok.ok && ok.message.result).toEqual({ outcome: 'approved', status: '1', reason: 'Success' });
    expect(ok.ok && ok.message.amountSen).toBe(1230);
    const failed = verifyCardResponse(
      buildCardResponse({ ...response, status: '0', transId: '', authCode: '', errDesc: 'Card declined' }),
      secret,
      expected,
    );
    expect(failed.ok && failed.message.result).toEqual({ outcome: 'rejected', status: '0', reason: 'Card declined' });
    const pending = verifyCardResponse(buildCardResponse({ ...response, status: '6' }), secret, expected);
    expect(pending.ok && pending.message.result.outcome).toBe('pending');
  });

  it('fails when a signed field or one hex character changes', () => {
    const fields = buildCardResponse(response);
    for (const name of ['merchantCode', 'paymentId', 'refNo', 'amount', 'currency', 'status', 'transId', 'authCode']) {
      const value = name === 'status' ? '0' : name === 'amount' ? '1.23' : `${fields[name] ?? ''}9`;
      expect(verifyCardResponse({ ...fields, [name]: value }, secret)).toMatchObject({
        ok: false,
        code: 'bad_checksum',
      });
    }
    const sig = fields['signature'] ?? '';
    expect(verifyCardResponse({ ...fields, signature: flipHex(sig, 63) }, secret)).toMatchObject({
      code: 'bad_checksum',
    });
    expect(verifyCardResponse({ ...fields, signature: sig.toUpperCase() }, secret).ok).toBe(true);
    expect(verifyCardResponse({ ...fields, signature: sig.slice(2) }, secret)).toMatchObject({ code: 'bad_checksum' });
    expect(verifyCardResponse({ ...fields, signature: `${sig.slice(0, 62)}zz` }, secret)).toMatchObject({
      code: 'bad_checksum',
    });
    expect(verifyCardResponse(fields, '')).toMatchObject({ code: 'bad_checksum' });
  });

  it('a rejection shows our own reason, never the unsigned errDesc text', () => {
    expect(interpretCardStatus('0', 'insufficient  FUNDS').reason).toBe('Insufficient funds');
    expect(interpretCardStatus('0', 'Do not honor').reason).toBe('Do not honour');
    expect(interpretCardStatus('0', 'Call 1-300-FAKE-BANK to unlock your card').reason).toBe('Card declined');
    expect(interpretCardStatus('0', '').reason).toBe('Failed');
  });

  it('remark and errDesc are not signed (display only)', () => {
    const fields = buildCardResponse(response);
    expect(verifyCardResponse({ ...fields, remark: 'changed', errDesc: 'changed' }, secret).ok).toBe(true);
  });

  it('checks required fields, single values and the expected order', () => {
    const fields = buildCardResponse(response);
    expect(verifyCardResponse({ ...fields, status: '' }, secret)).toMatchObject({ code: 'missing_field' });
    expect(verifyCardResponse({ ...fields, status: ['1', '0'] }, secret)).toMatchObject({ code: 'invalid_field' });
    expect(verifyCardResponse({}, secret)).toMatchObject({ code: 'missing_field' });
    expect(verifyCardResponse(fields, secret, { ...expected, amountSen: 1 })).toMatchObject({ code: 'mismatch' });
    expect(verifyCardResponse(fields, secret, { ...expected, invoiceNo: 2 })).toMatchObject({ code: 'mismatch' });
    expect(verifyCardResponse(fields, secret, { merchantId: 'M0002' })).toMatchObject({ code: 'mismatch' });
  });
});

describe('interpretCardStatus', () => {
  it('maps 1 / 0 / 6 and treats unknown statuses as pending', () => {
    expect(interpretCardStatus('1').outcome).toBe('approved');
    expect(interpretCardStatus('0')).toEqual({ outcome: 'rejected', status: '0', reason: 'Failed' });
    expect(interpretCardStatus('0', ' Insufficient funds ')).toEqual({
      outcome: 'rejected',
      status: '0',
      reason: 'Insufficient funds',
    });
    expect(interpretCardStatus('6')).toEqual({ outcome: 'pending', status: '6', reason: 'Pending' });
    expect(interpretCardStatus('7')).toEqual({ outcome: 'pending', status: '7', reason: "Unknown status '7'" });
  });
});

describe('card enquiry', () => {
  it('is signed over merID|invoiceNo|amount|currency and the gateway verifies it', () => {
    const { action, fields, body } = buildCardEnquiry({
      enquiryUrl: 'https://card.test/enquiry',
      merchantId: 'M0001',
      invoiceNo: 1709600523000,
      amountSen: 1230,
      secret,
    });
    expect(action).toBe('https://card.test/enquiry');
    expect(cardEnquirySource(fields)).toBe('M0001|00000001709600523000|12.30|MYR');
    expect(fields['signature']).toBe(hmac('M0001|00000001709600523000|12.30|MYR'));
    const received = verifyCardEnquiry(parseFormBody(body), secret);
    expect(received).toEqual({
      ok: true,
      message: { merID: 'M0001', invoiceNo: '00000001709600523000', amount: '12.30', amountSen: 1230, currency: 'MYR' },
    });
    expect(verifyCardEnquiry({ ...fields, amount: '1.23' }, secret)).toMatchObject({ code: 'bad_checksum' });
    expect(verifyCardEnquiry({ ...fields, signature: flipHex(fields['signature'] ?? '') }, secret)).toMatchObject({
      code: 'bad_checksum',
    });
  });

  it('the answer round-trips through the body text', () => {
    const { body } = buildCardEnquiryResponse({
      merchantCode: 'M0001',
      paymentId: '49',
      refNo: '00000001709600523000',
      amount: '12.30',
      status: '1',
      transId: 'T9',
      authCode: 'AC9',
      secret,
    });
    const result = verifyCardEnquiryResponse(body, secret, {
      merchantId: 'M0001',
      invoiceNo: '1709600523000',
      amountSen: 1230,
    });
    expect(result.ok && result.message.result.outcome).toBe('approved');
    expect(verifyCardEnquiryResponse(body.replace('status=1', 'status=0'), secret)).toMatchObject({
      code: 'bad_checksum',
    });
    expect(verifyCardEnquiryResponse('error', secret)).toMatchObject({ code: 'missing_field' });
  });
});

describe('signCardSource / verifyCardSignature', () => {
  it('HMAC-SHA256 lower-case hex; verification never throws', () => {
    expect(signCardSource('a|b', secret)).toBe(hmac('a|b'));
    expect(verifyCardSignature('a|b', hmac('a|b'), secret)).toBe(true);
    expect(verifyCardSignature('a|b', hmac('a|c'), secret)).toBe(false);
    expect(verifyCardSignature('a|b', 'nothex', secret)).toBe(false);
    expect(verifyCardSignature('a|b', '', secret)).toBe(false);
    expect(verifyCardSignature('a|b', hmac('a|b'), '')).toBe(false);
  });
});
