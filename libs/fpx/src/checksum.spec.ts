import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { createPublicKey, createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CHECKSUM_FIELD_ORDER,
  checksumSource,
  loadPrivateKey,
  loadPublicKey,
  signChecksum,
  signFields,
  verifyChecksum,
  verifyFields,
  type ChecksumKind,
} from './checksum';
import {
  generateTestKeyPair,
  makeTempDir,
  openssl,
  selfSignedCertificate,
  type TempDir,
  type TestKeyPair,
} from './testing/fixtures.test';

/** Every field of every layout set to a value naming it, so the literal sources show the order. */
function namedFields(): Record<string, string> {
  const names = new Set(Object.values(CHECKSUM_FIELD_ORDER).flat());
  return Object.fromEntries([...names].map((name) => [name, name.replace('fpx_', '')]));
}

describe('checksumSource: fixed field orders', () => {
  const fields = namedFields();

  it('AR and AE requests', () => {
    const expected =
      'buyerAccNo|buyerBankBranch|buyerBankId|buyerEmail|buyerIban|buyerId|buyerName|makerName|msgToken|msgType|' +
      'productDesc|sellerBankCode|sellerExId|sellerExOrderNo|sellerId|sellerOrderNo|sellerTxnTime|txnAmount|txnCurrency|version';
    expect(checksumSource('AR', fields)).toBe(expected);
    expect(checksumSource('AE', fields)).toBe(expected);
  });

  it('AC and AE responses', () => {
    expect(checksumSource('AC', fields)).toBe(
      'buyerBankBranch|buyerBankId|buyerIban|buyerId|buyerName|creditAuthCode|creditAuthNo|debitAuthCode|debitAuthNo|' +
        'fpxTxnId|fpxTxnTime|makerName|msgToken|msgType|sellerExId|sellerExOrderNo|sellerId|sellerOrderNo|sellerTxnTime|' +
        'txnAmount|txnCurrency',
    );
  });

  it('BE request and BC response', () => {
    expect(checksumSource('BE', fields)).toBe('msgToken|msgType|sellerExId|version');
    expect(checksumSource('BC', fields)).toBe('bankList|msgToken|msgType|sellerExId');
  });

  it('a realistic AR, with empty optional fields kept as empty slots', () => {
    const ar = {
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
      fpx_checkSum: 'IGNORED',
      fpx_buyerName: 'ALI BIN ABU',
      fpx_buyerBankId: 'MB2U0227',
      fpx_buyerBankBranch: '',
      fpx_buyerAccNo: '',
      fpx_buyerId: '',
      fpx_makerName: '',
      fpx_buyerIban: '',
      fpx_productDesc: 'MDPG EPAYMENT',
      fpx_version: '7.0',
    };
    expect(checksumSource('AR', ar)).toBe(
      '||MB2U0227|ali@example.my|||ALI BIN ABU||01|AR|MDPG EPAYMENT|01|EX00012345|CP20240305000001|SE00054321|' +
        '1709600523000|20240305090203|12.30|MYR|7.0',
    );
  });

  it('missing fields count as empty; fields outside the layout are ignored', () => {
    expect(checksumSource('BE', { fpx_msgType: 'BE', fpx_other: 'x' })).toBe('|BE||');
    expect(checksumSource('BC', {})).toBe('|||');
  });
});

describe('signChecksum / verifyChecksum', () => {
  let seller: TestKeyPair;
  let exchange: TestKeyPair;
  let dir: TempDir;
  let exchangeCertPem: string;

  beforeAll(() => {
    seller = generateTestKeyPair();
    exchange = generateTestKeyPair();
    dir = makeTempDir();
    exchangeCertPem = selfSignedCertificate(dir, exchange.privateKeyPem, 'fpx-exchange-test');
  });

  afterAll(() => dir.remove());

  const source =
    '||MB2U0227|ali@example.my|||ALI BIN ABU||01|AR|MDPG EPAYMENT|01|EX1|ORD1|SE1|1|20240305090203|12.30|MYR|7.0';

  it('signs as upper-case hex of the key size and verifies with the public key', () => {
    const sig = signChecksum(source, seller.privateKeyPem);
    expect(sig).toMatch(/^[0-9A-F]{512}$/);
    expect(verifyChecksum(source, sig, seller.publicKeyPem)).toBe(true);
  });

  it('verifies with an X.509 certificate, a KeyObject, or the private key', () => {
    const sig = signChecksum(source, exchange.privateKeyPem);
    expect(exchangeCertPem).toContain('BEGIN CERTIFICATE');
    expect(verifyChecksum(source, sig, exchangeCertPem)).toBe(true);
    expect(verifyChecksum(source, sig, createPublicKey(exchangeCertPem))).toBe(true);
    expect(verifyChecksum(source, sig, exchange.privateKeyPem)).toBe(true);
    expect(signChecksum(source, createPrivateKey(exchange.privateKeyPem))).toBe(sig);
  });

  it('accepts the signature in lower case', () => {
    const sig = signChecksum(source, seller.privateKeyPem);
    expect(verifyChecksum(source, sig.toLowerCase(), seller.publicKeyPem)).toBe(true);
  });

  it('fails on a changed source, a changed hex character, or the wrong key', () => {
    const sig = signChecksum(source, seller.privateKeyPem);
    expect(verifyChecksum(source.replace('12.30', '12.31'), sig, seller.publicKeyPem)).toBe(false);
    const i = 100;
    const flipped = sig.slice(0, i) + (sig[i] === '0' ? '1' : '0') + sig.slice(i + 1);
    expect(verifyChecksum(source, flipped, seller.publicKeyPem)).toBe(false);
    expect(verifyChecksum(source, sig, exchange.publicKeyPem)).toBe(false);
    expect(verifyChecksum(source, sig, exchangeCertPem)).toBe(false);
  });

  it('returns false, never throws, for malformed hex or unusable keys', () => {
    const sig = signChecksum(source, seller.privateKeyPem);
    for (const bad of ['', 'XYZ', sig.slice(1), `${sig}0`, `${sig.slice(0, -2)}G0`, ` ${sig}`, sig.slice(0, 20)]) {
      expect(verifyChecksum(source, bad, seller.publicKeyPem)).toBe(false);
    }
    expect(verifyChecksum(source, sig, 'not a key')).toBe(false);
    expect(verifyChecksum(source, sig, '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n')).toBe(false);
  });

  it('load helpers fail fast on bad configuration', () => {
    expect(() => loadPublicKey('nonsense')).toThrow();
    expect(() => loadPrivateKey('nonsense')).toThrow();
    expect(() => loadPrivateKey(createPublicKey(seller.publicKeyPem))).toThrow(TypeError);
    expect(loadPublicKey(exchangeCertPem).asymmetricKeyType).toBe('rsa');
    expect(() => signChecksum(source, 'nonsense')).toThrow();
  });

  it('signFields / verifyFields round-trip every layout', () => {
    const kinds: ChecksumKind[] = ['AR', 'AE', 'AC', 'BE', 'BC'];
    const fields = namedFields();
    for (const kind of kinds) {
      const signed: Record<string, string> = {
        ...fields,
        fpx_checkSum: signFields(kind, fields, seller.privateKeyPem),
      };
      expect(verifyFields(kind, signed, seller.publicKeyPem)).toBe(true);
      for (const name of CHECKSUM_FIELD_ORDER[kind]) {
        expect(verifyFields(kind, { ...signed, [name]: `${signed[name] ?? ''}x` }, seller.publicKeyPem)).toBe(false);
      }
      expect(verifyFields(kind, fields, seller.publicKeyPem)).toBe(false);
    }
  });

  describe('independent check with openssl', () => {
    it('openssl verifies a checksum made by the lib', () => {
      const pubPath = dir.file('seller.pub.pem', seller.publicKeyPem);
      const dataPath = dir.file('lib-data.txt', source);
      const sigPath = dir.file('lib-sig.bin', Buffer.from(signChecksum(source, seller.privateKeyPem), 'hex'));
      const out = openssl(['dgst', '-sha1', '-verify', pubPath, '-signature', sigPath, dataPath]);
      expect(out).toContain('Verified OK');
    });

    it('the lib verifies a checksum made by openssl, with the key and with the certificate', () => {
      const keyPath = dir.file('exchange.key.pem', exchange.privateKeyPem);
      const dataPath = dir.file('ossl-data.txt', source);
      const sigPath = join(dir.path, 'ossl-sig.bin');
      openssl(['dgst', '-sha1', '-sign', keyPath, '-out', sigPath, dataPath]);
      const hex = readFileSync(sigPath).toString('hex').toUpperCase();
      expect(hex).toHaveLength(512);
      expect(hex).toBe(signChecksum(source, exchange.privateKeyPem)); // PKCS#1 v1.5 is deterministic
      expect(verifyChecksum(source, hex, exchange.publicKeyPem)).toBe(true);
      expect(verifyChecksum(source, hex, exchangeCertPem)).toBe(true);
      expect(verifyChecksum(`${source}x`, hex, exchangeCertPem)).toBe(false);
    });
  });
});
