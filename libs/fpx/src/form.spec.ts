import { describe, it, expect } from 'vitest';
import { encodeFpxForm, parseFpxResponseBody, readFields } from './form';

describe('encodeFpxForm / parseFpxResponseBody', () => {
  it('round-trips fields with reserved characters', () => {
    const fields = {
      fpx_msgType: 'BC',
      fpx_bankList: 'ABB0233~A,MB2U0227~B',
      fpx_buyerName: 'Ali & Abu = partners',
      fpx_buyerEmail: 'a+b@example.my',
      fpx_productDesc: 'MDPG EPAYMENT',
      fpx_empty: '',
    };
    const body = encodeFpxForm(fields);
    expect(body).not.toContain(' ');
    expect(body.split('&')).toHaveLength(6);
    expect(parseFpxResponseBody(body)).toEqual(fields);
  });

  it('keeps the fields order', () => {
    expect(encodeFpxForm({ b: '1', a: '2' })).toBe('b=1&a=2');
  });

  it('parses a typical FPX answer, ignoring surrounding whitespace', () => {
    const parsed = parseFpxResponseBody('fpx_debitAuthCode=00&fpx_txnAmount=12.30&fpx_buyerName=AHMAD+BIN+ALI\r\n');
    expect(parsed).toEqual({ fpx_debitAuthCode: '00', fpx_txnAmount: '12.30', fpx_buyerName: 'AHMAD BIN ALI' });
  });

  it('never throws on odd bodies', () => {
    expect(parseFpxResponseBody('')).toEqual({});
    expect(parseFpxResponseBody('   ')).toEqual({});
    expect(parseFpxResponseBody('ERROR')).toEqual({ ERROR: '' });
    expect(parseFpxResponseBody('a=%ZZ&b=%41')).toEqual({ a: '%ZZ', b: 'A' });
    expect(parseFpxResponseBody('a=1&a=2&=3')).toEqual({ a: '1' });
    const proto = parseFpxResponseBody('__proto__=x&toString=y');
    expect(Object.getPrototypeOf(proto)).toBe(Object.prototype);
    expect(proto['toString']).toBe('y');
  });
});

describe('readFields', () => {
  it('keeps string values and lists the others', () => {
    expect(readFields({ a: '1', b: ['1', '2'], c: undefined, d: { x: 1 }, e: 5 })).toEqual({
      fields: { a: '1' },
      invalid: ['b', 'd', 'e'],
    });
  });
});
