import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { CHECKSUM_FIELD_ORDER, checksumSource, signChecksum, signFields } from './checksum';
import { parseFpxResponseBody } from './form';
import { FpxInputError } from './format';
import {
  buildAuthorisationRequest,
  buildBankEnquiryRequest,
  buildEnquiryRequest,
  sanitiseBuyerName,
  verifyAuthorisationConfirmation,
  verifyBankListResponse,
  verifyEnquiryResponse,
  type FpxConfig,
  type FpxOrder,
} from './messages';
import {
  buildAuthorisationConfirmation,
  buildBankListResponse,
  buildEnquiryResponse,
  verifyAuthorisationRequest,
  verifyBankEnquiryRequest,
  verifyEnquiryRequest,
  type FpxRequestMessage,
} from './exchange';
import {
  generateTestKeyPair,
  makeTempDir,
  selfSignedCertificate,
  type TempDir,
  type TestKeyPair,
} from './testing/fixtures.test';

let seller: TestKeyPair;
let exchange: TestKeyPair;
let exchangeCertPem: string;
let sellerCertPem: string;
let dir: TempDir;
let config: FpxConfig;

beforeAll(() => {
  seller = generateTestKeyPair();
  exchange = generateTestKeyPair();
  dir = makeTempDir();
  exchangeCertPem = selfSignedCertificate(dir, exchange.privateKeyPem, 'fpx-exchange');
  sellerCertPem = selfSignedCertificate(dir, seller.privateKeyPem, 'councilpay-seller');
  config = {
    sellerExId: 'EX00012345',
    sellerId: 'SE00054321',
    sellerPrivateKeyPem: seller.privateKeyPem,
    exchangePublicKeyPem: exchangeCertPem,
    arUrl: 'https://fpx.test/FPXMain/seller2DReceiver.jsp',
    aeUrl: 'https://fpx.test/FPXMain/sellerNVPTxnStatus.jsp',
    beUrl: 'https://fpx.test/FPXMain/RetrieveBankList',
  };
});

afterAll(() => dir.remove());

const order: FpxOrder = {
  sellerExOrderNo: 'CP20240305000001',
  sellerOrderNo: '1709600523000',
  sellerTxnTime: new Date('2024-03-05T01:02:03Z'),
  amountSen: 1230,
  buyerEmail: ' ali@example.my ',
  buyerName: 'Ali bin Abu',
  buyerBankId: 'MB2U0227',
};

function omit(fields: Readonly<Record<string, string>>, ...names: string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).filter(([name]) => !names.includes(name)));
}

/** Changes one hex character of a checksum. */
function flipHex(hex: string, at = 7): string {
  const c = hex[at] === 'A' ? 'B' : 'A';
  return hex.slice(0, at) + c + hex.slice(at + 1);
}

function verifiedAr(): FpxRequestMessage {
  const result = verifyAuthorisationRequest(buildAuthorisationRequest({ config, order }).fields, seller.publicKeyPem);
  if (!result.ok) throw new Error(result.reason);
  return result.message;
}

describe('AR: buildAuthorisationRequest', () => {
  it('builds every field, in the documented order, signed', () => {
    const { action, fields } = buildAuthorisationRequest({ config, order });
    expect(action).toBe(config.arUrl);
    const checkSum = fields['fpx_checkSum'];
    expect(omit(fields, 'fpx_checkSum')).toEqual({
      fpx_msgType: 'AR',
      fpx_msgToken: '01',
      fpx_sellerExId: 'EX00012345',
      fpx_sellerExOrderNo: 'CP20240305000001',
      fpx_sellerTxnTime: '20240305090203',
      fpx_sellerOrderNo: '1709600523000',
      fpx_sellerId: 'SE00054321',
      fpx_sellerBankCode: '01',
      fpx_txnCurrency: 'MYR',
      fpx_txnAmount: '12.30',
      fpx_buyerEmail: 'ali@example.my',
      fpx_buyerName: 'Ali bin Abu',
      fpx_buyerBankId: 'MB2U0227',
      fpx_buyerBankBranch: '',
      fpx_buyerAccNo: '',
      fpx_buyerId: '',
      fpx_makerName: '',
      fpx_buyerIban: '',
      fpx_productDesc: 'MDPG EPAYMENT',
      fpx_version: '7.0',
    });
    expect(Object.keys(fields)).toEqual([
      'fpx_msgType',
      'fpx_msgToken',
      'fpx_sellerExId',
      'fpx_sellerExOrderNo',
      'fpx_sellerTxnTime',
      'fpx_sellerOrderNo',
      'fpx_sellerId',
      'fpx_sellerBankCode',
      'fpx_txnCurrency',
      'fpx_txnAmount',
      'fpx_buyerEmail',
      'fpx_checkSum',
      'fpx_buyerName',
      'fpx_buyerBankId',
      'fpx_buyerBankBranch',
      'fpx_buyerAccNo',
      'fpx_buyerId',
      'fpx_makerName',
      'fpx_buyerIban',
      'fpx_productDesc',
      'fpx_version',
    ]);
    const source =
      '||MB2U0227|ali@example.my|||Ali bin Abu||01|AR|MDPG EPAYMENT|01|EX00012345|CP20240305000001|SE00054321|' +
      '1709600523000|20240305090203|12.30|MYR|7.0';
    expect(checksumSource('AR', fields)).toBe(source);
    expect(checkSum).toMatch(/^[0-9A-F]{512}$/);
    expect(checkSum).toBe(signChecksum(source, seller.privateKeyPem));
  });

  it('round-trips: the exchange verifies it with the seller key or certificate', () => {
    const { fields } = buildAuthorisationRequest({ config, order });
    for (const key of [seller.publicKeyPem, sellerCertPem]) {
      const result = verifyAuthorisationRequest(fields, key);
      expect(result.ok).toBe(true);
      if (result.ok) {
        expect(result.message.amountSen).toBe(1230);
        expect(result.message.buyerBankId).toBe('MB2U0227');
        expect(result.message.msgType).toBe('AR');
      }
    }
  });

  it('fails verification when any signed field or one hex character changes, or with the wrong key', () => {
    const { fields } = buildAuthorisationRequest({ config, order });
    for (const name of CHECKSUM_FIELD_ORDER.AR) {
      const tampered = { ...fields, [name]: name === 'fpx_txnAmount' ? '1.23' : `${fields[name] ?? ''}9` };
      if (name === 'fpx_msgType') continue; // changing msgType is refused earlier, see below
      expect(verifyAuthorisationRequest(tampered, seller.publicKeyPem)).toMatchObject({
        ok: false,
        code: 'bad_checksum',
      });
    }
    expect(verifyAuthorisationRequest({ ...fields, fpx_msgType: 'AE' }, seller.publicKeyPem)).toMatchObject({
      ok: false,
      code: 'wrong_message_type',
    });
    expect(
      verifyAuthorisationRequest(
        { ...fields, fpx_checkSum: flipHex(fields['fpx_checkSum'] ?? '') },
        seller.publicKeyPem,
      ),
    ).toMatchObject({ ok: false, code: 'bad_checksum' });
    expect(verifyAuthorisationRequest(fields, exchange.publicKeyPem)).toMatchObject({
      ok: false,
      code: 'bad_checksum',
    });
  });

  it('applies configuration overrides', () => {
    const { fields } = buildAuthorisationRequest({
      config: { ...config, msgToken: '02', sellerBankCode: '02', productDesc: 'OTHER', version: '6.0' },
      order,
    });
    expect(fields).toMatchObject({
      fpx_msgToken: '02',
      fpx_sellerBankCode: '02',
      fpx_productDesc: 'OTHER',
      fpx_version: '6.0',
    });
    expect(verifyAuthorisationRequest(fields, seller.publicKeyPem).ok).toBe(true);
  });

  it('formats the amount from sen and the time in Malaysia time', () => {
    const { fields } = buildAuthorisationRequest({
      config,
      order: { ...order, amountSen: 100005, sellerTxnTime: new Date('2024-12-31T16:00:00Z') },
    });
    expect(fields['fpx_txnAmount']).toBe('1000.05');
    expect(fields['fpx_sellerTxnTime']).toBe('20250101000000');
  });

  it('reduces the buyer name to what FPX accepts', () => {
    expect(sanitiseBuyerName("  Siti Nur'aini  binti   Abdullah (Mdm.) ")).toBe("Siti Nur'aini binti Abdullah (Mdm.)");
    expect(sanitiseBuyerName('José Ñúñez|Ltd')).toBe('Jose NunezLtd');
    expect(sanitiseBuyerName('陈大文')).toBe('');
    expect(sanitiseBuyerName('A'.repeat(60))).toHaveLength(40);
    const { fields } = buildAuthorisationRequest({ config, order: { ...order, buyerName: '陈大文' } });
    expect(fields['fpx_buyerName']).toBe('');
    expect(verifyAuthorisationRequest(fields, seller.publicKeyPem).ok).toBe(true);
  });

  it('refuses unusable input', () => {
    const bad: Partial<FpxOrder>[] = [
      { amountSen: 0 },
      { amountSen: -100 },
      { amountSen: 12.5 },
      { sellerExOrderNo: '' },
      { sellerOrderNo: 'A|B' },
      { buyerBankId: '' },
      { buyerBankId: 'MB2U 0227' },
      { buyerEmail: '' },
      { sellerTxnTime: new Date(Number.NaN) },
      { makerName: 'x\ny' },
    ];
    for (const change of bad) {
      expect(() => buildAuthorisationRequest({ config, order: { ...order, ...change } })).toThrow(FpxInputError);
    }
    expect(() => buildAuthorisationRequest({ config: { ...config, sellerId: '' }, order })).toThrow(FpxInputError);
  });
});

describe('AE: buildEnquiryRequest', () => {
  it('is the AR with msgType AE, signed with the same layout, with a form body', () => {
    const ar = buildAuthorisationRequest({ config, order }).fields;
    const { action, fields, body } = buildEnquiryRequest({ config, order });
    expect(action).toBe(config.aeUrl);
    expect(fields['fpx_msgType']).toBe('AE');
    expect(omit(fields, 'fpx_checkSum', 'fpx_msgType')).toEqual(omit(ar, 'fpx_checkSum', 'fpx_msgType'));
    expect(checksumSource('AE', fields)).toBe(checksumSource('AR', ar).replace('|01|AR|', '|01|AE|'));
    expect(parseFpxResponseBody(body)).toEqual(fields);
  });

  it('round-trips and is not mistaken for an AR', () => {
    const { fields } = buildEnquiryRequest({ config, order });
    const result = verifyEnquiryRequest(fields, seller.publicKeyPem);
    expect(result.ok && result.message.msgType).toBe('AE');
    expect(verifyAuthorisationRequest(fields, seller.publicKeyPem)).toMatchObject({
      ok: false,
      code: 'wrong_message_type',
    });
    expect(
      verifyEnquiryRequest({ ...fields, fpx_sellerExOrderNo: 'CP20240305000002' }, seller.publicKeyPem),
    ).toMatchObject({ ok: false, code: 'bad_checksum' });
  });

  it('may leave the buyer fields empty', () => {
    const { fields } = buildEnquiryRequest({
      config,
      order: { sellerExOrderNo: 'X1', sellerOrderNo: 'O1', sellerTxnTime: order.sellerTxnTime, amountSen: 500 },
    });
    expect(fields).toMatchObject({ fpx_buyerBankId: '', fpx_buyerEmail: '', fpx_buyerName: '', fpx_txnAmount: '5.00' });
    expect(verifyEnquiryRequest(fields, seller.publicKeyPem).ok).toBe(true);
  });
});

describe('BE / BC: bank list', () => {
  it('BE is signed over msgToken|msgType|sellerExId|version and verifies', () => {
    const { action, fields, body } = buildBankEnquiryRequest(config);
    expect(action).toBe(config.beUrl);
    expect(checksumSource('BE', fields)).toBe('01|BE|EX00012345|7.0');
    expect(parseFpxResponseBody(body)).toEqual(fields);
    const result = verifyBankEnquiryRequest(parseFpxResponseBody(body), seller.publicKeyPem);
    expect(result).toEqual({
      ok: true,
      message: { msgType: 'BE', msgToken: '01', sellerExId: 'EX00012345', version: '7.0' },
    });
    expect(verifyBankEnquiryRequest({ ...fields, fpx_version: '6.0' }, seller.publicKeyPem)).toMatchObject({
      code: 'bad_checksum',
    });
  });

  it('BC round-trips through the body text, verified with the exchange certificate', () => {
    const { fields, body } = buildBankListResponse({
      sellerExId: 'EX00012345',
      banks: [
        { id: 'MB2U0227', online: true },
        { id: 'ABB0233', online: false },
      ],
      exchangePrivateKeyPem: exchange.privateKeyPem,
    });
    expect(checksumSource('BC', fields)).toBe('MB2U0227~A,ABB0233~B|01|BC|EX00012345');
    const result = verifyBankListResponse(body, config.exchangePublicKeyPem, {
      sellerExId: 'EX00012345',
      msgToken: '01',
    });
    expect(result).toEqual({
      ok: true,
      message: {
        msgType: 'BC',
        msgToken: '01',
        sellerExId: 'EX00012345',
        bankList: 'MB2U0227~A,ABB0233~B',
        banks: [
          { id: 'MB2U0227', name: 'Maybank2U', online: true },
          { id: 'ABB0233', name: 'Affin Bank', online: false },
        ],
      },
    });
  });

  it('BC fails when tampered, signed by another key, or for another seller', () => {
    const { fields } = buildBankListResponse({
      sellerExId: 'EX00012345',
      banks: 'MB2U0227~A,ABB0233~B',
      exchangePrivateKeyPem: exchange.privateKeyPem,
    });
    const key = config.exchangePublicKeyPem;
    expect(verifyBankListResponse({ ...fields, fpx_bankList: 'MB2U0227~A,ABB0233~A' }, key)).toMatchObject({
      code: 'bad_checksum',
    });
    expect(
      verifyBankListResponse({ ...fields, fpx_checkSum: flipHex(fields['fpx_checkSum'] ?? '', 300) }, key),
    ).toMatchObject({
      code: 'bad_checksum',
    });
    expect(verifyBankListResponse(fields, seller.publicKeyPem)).toMatchObject({ code: 'bad_checksum' });
    expect(verifyBankListResponse(fields, key, { sellerExId: 'EX99' })).toMatchObject({ code: 'mismatch' });
    expect(verifyBankListResponse('', key)).toMatchObject({ code: 'missing_field' });
    expect(verifyBankListResponse('<html>maintenance</html>', key)).toMatchObject({ ok: false });
  });
});

describe('AC: authorisation confirmation', () => {
  function confirmation(
    debitAuthCode: string,
    extra: Partial<Parameters<typeof buildAuthorisationConfirmation>[0]> = {},
  ) {
    return buildAuthorisationConfirmation({
      request: verifiedAr(),
      debitAuthCode,
      fpxTxnId: '2403050902030001',
      fpxTxnTime: new Date('2024-03-05T01:03:00Z'),
      debitAuthNo: debitAuthCode === '00' ? '12345678' : '',
      buyerName: 'ALI BIN ABU',
      exchangePrivateKeyPem: exchange.privateKeyPem,
      ...extra,
    });
  }
  const expected = {
    sellerExId: 'EX00012345',
    sellerId: 'SE00054321',
    sellerExOrderNo: 'CP20240305000001',
    amountSen: 1230,
  };

  it('is signed over the AC layout, echoing the request', () => {
    const fields = confirmation('00');
    expect(checksumSource('AC', fields)).toBe(
      '|MB2U0227|||ALI BIN ABU|00||00|12345678|2403050902030001|20240305090300||01|AC|EX00012345|CP20240305000001|' +
        'SE00054321|1709600523000|20240305090203|12.30|MYR',
    );
    expect(fields['fpx_checkSum']).toBe(signChecksum(checksumSource('AC', fields), exchange.privateKeyPem));
  });

  it('approved: verifies with the certificate and the public key, typed', () => {
    const fields = confirmation('00');
    for (const key of [exchangeCertPem, exchange.publicKeyPem]) {
      const result = verifyAuthorisationConfirmation(fields, key, expected);
      expect(result.ok).toBe(true);
      if (!result.ok) continue;
      expect(result.message).toMatchObject({
        msgType: 'AC',
        fpxTxnId: '2403050902030001',
        fpxTxnTime: '20240305090300',
        txnAmount: '12.30',
        amountSen: 1230,
        buyerName: 'ALI BIN ABU',
        debitAuthCode: '00',
        creditAuthCode: '00',
        result: { outcome: 'approved', code: '00', reason: 'Approved' },
      });
    }
  });

  it('pending and rejected codes', () => {
    const pending = verifyAuthorisationConfirmation(confirmation('09'), exchangeCertPem);
    expect(pending.ok && pending.message.result).toEqual({
      outcome: 'pending',
      code: '09',
      reason: 'Transaction Pending',
    });
    const rejected = verifyAuthorisationConfirmation(confirmation('51'), exchangeCertPem);
    expect(rejected.ok && rejected.message.result).toEqual({
      outcome: 'rejected',
      code: '51',
      reason: 'Insufficient Funds',
    });
  });

  it('fails when any signed field or one hex character changes', () => {
    const fields = confirmation('51');
    for (const name of CHECKSUM_FIELD_ORDER.AC) {
      if (name === 'fpx_msgType') continue;
      const value = name === 'fpx_debitAuthCode' ? '00' : name === 'fpx_txnAmount' ? '1.23' : `${fields[name] ?? ''}1`;
      expect(verifyAuthorisationConfirmation({ ...fields, [name]: value }, exchangeCertPem)).toMatchObject({
        ok: false,
        code: 'bad_checksum',
      });
    }
    const sig = fields['fpx_checkSum'] ?? '';
    expect(
      verifyAuthorisationConfirmation({ ...fields, fpx_checkSum: flipHex(sig, 0) }, exchangeCertPem),
    ).toMatchObject({
      code: 'bad_checksum',
    });
    expect(verifyAuthorisationConfirmation({ ...fields, fpx_checkSum: sig.toLowerCase() }, exchangeCertPem).ok).toBe(
      true,
    );
    expect(verifyAuthorisationConfirmation({ ...fields, fpx_checkSum: `${sig}Z` }, exchangeCertPem)).toMatchObject({
      code: 'bad_checksum',
    });
  });

  it('refuses a confirmation signed with the seller key (a forged callback)', () => {
    const forged = confirmation('00', { exchangePrivateKeyPem: seller.privateKeyPem });
    expect(verifyAuthorisationConfirmation(forged, exchangeCertPem)).toMatchObject({ ok: false, code: 'bad_checksum' });
  });

  it('checks required fields, single values and msgType before the checksum', () => {
    const fields = confirmation('00');
    expect(verifyAuthorisationConfirmation(omit(fields, 'fpx_fpxTxnId'), exchangeCertPem)).toMatchObject({
      code: 'missing_field',
      reason: 'missing field fpx_fpxTxnId',
    });
    expect(verifyAuthorisationConfirmation({ ...fields, fpx_debitAuthCode: '' }, exchangeCertPem)).toMatchObject({
      code: 'missing_field',
    });
    expect(
      verifyAuthorisationConfirmation({ ...fields, fpx_txnAmount: ['12.30', '0.01'] }, exchangeCertPem),
    ).toMatchObject({
      code: 'invalid_field',
    });
    const asAe: Record<string, string> = { ...fields, fpx_msgType: 'AE' };
    asAe['fpx_checkSum'] = signFields('AC', asAe, exchange.privateKeyPem);
    expect(verifyAuthorisationConfirmation(asAe, exchangeCertPem)).toMatchObject({ code: 'wrong_message_type' });
    expect(verifyAuthorisationConfirmation({}, exchangeCertPem)).toMatchObject({ ok: false, code: 'missing_field' });
  });

  it('refuses a valid confirmation for another order or amount', () => {
    const fields = confirmation('00');
    expect(verifyAuthorisationConfirmation(fields, exchangeCertPem, { ...expected, amountSen: 1231 })).toMatchObject({
      code: 'mismatch',
    });
    expect(
      verifyAuthorisationConfirmation(fields, exchangeCertPem, { ...expected, sellerExOrderNo: 'OTHER' }),
    ).toMatchObject({
      code: 'mismatch',
    });
    expect(verifyAuthorisationConfirmation(fields, exchangeCertPem, { sellerId: 'SE0' })).toMatchObject({
      code: 'mismatch',
    });
  });

  it('refuses a signed but malformed amount', () => {
    const fields: Record<string, string> = { ...confirmation('00'), fpx_txnAmount: '12,30' };
    fields['fpx_checkSum'] = signFields('AC', fields, exchange.privateKeyPem);
    expect(verifyAuthorisationConfirmation(fields, exchangeCertPem)).toMatchObject({ code: 'malformed_field' });
  });
});

describe('AE response', () => {
  it('round-trips through the body text', () => {
    const request = verifyEnquiryRequest(buildEnquiryRequest({ config, order }).fields, seller.publicKeyPem);
    if (!request.ok) throw new Error(request.reason);
    const { body } = buildEnquiryResponse({
      request: request.message,
      debitAuthCode: '00',
      fpxTxnId: '2403050902030001',
      fpxTxnTime: '20240305090300',
      exchangePrivateKeyPem: exchange.privateKeyPem,
    });
    const result = verifyEnquiryResponse(body, exchangeCertPem, {
      sellerExOrderNo: order.sellerExOrderNo,
      amountSen: 1230,
    });
    expect(result.ok && result.message.result.outcome).toBe('approved');
    expect(result.ok && result.message.msgType).toBe('AC');
    expect(
      verifyEnquiryResponse(body.replace('fpx_debitAuthCode=00', 'fpx_debitAuthCode=51'), exchangeCertPem),
    ).toMatchObject({
      code: 'bad_checksum',
    });
  });

  it("'76' Transaction Not Found may come without an FPX transaction id", () => {
    const { fields } = buildEnquiryResponse({
      request: verifiedAr(),
      debitAuthCode: '76',
      fpxTxnId: '',
      fpxTxnTime: '',
      exchangePrivateKeyPem: exchange.privateKeyPem,
    });
    const result = verifyEnquiryResponse(fields, exchangeCertPem);
    expect(result.ok && result.message.result).toEqual({
      outcome: 'rejected',
      code: '76',
      reason: 'Transaction Not Found',
    });
    expect(verifyAuthorisationConfirmation(fields, exchangeCertPem)).toMatchObject({ code: 'missing_field' });
  });

  it('never throws on a garbage body', () => {
    expect(verifyEnquiryResponse('Internal Server Error', exchangeCertPem)).toMatchObject({
      ok: false,
      code: 'missing_field',
    });
    expect(verifyEnquiryResponse('', 'not a key')).toMatchObject({ ok: false });
  });

  it('the exchange builders refuse values that would break the source string', () => {
    expect(() =>
      buildAuthorisationConfirmation({
        request: verifiedAr(),
        debitAuthCode: '00',
        fpxTxnId: '1|2',
        fpxTxnTime: '20240305090300',
        exchangePrivateKeyPem: exchange.privateKeyPem,
      }),
    ).toThrow(FpxInputError);
  });
});
