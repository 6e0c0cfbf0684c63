import { CSRF_HEADER, type AdminUserRow } from '@councilpay/domain';
import { HttpError } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { billFileContentType, createDataProvider, XLSX_TYPE } from './dataProvider';
import { httpClient } from './httpClient';

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

const USER: AdminUserRow = {
  id: '8b1c2b1e-4a53-4a4e-9d2b-0f3d4c5e6f70',
  email: 'pegawai@mdpg.gov.my',
  fullName: 'Pegawai MDPG',
  phone: null,
  nric: null,
  roles: ['user', 'council_admin'],
  councils: ['mdpg'],
  grants: [{ council: 'mdpg', role: 'council_admin' }],
  type: 'staff',
  emailVerified: true,
  secondFactorEnabled: true,
  createdAt: '2026-11-01T00:00:00.000Z',
};

describe('console data provider', () => {
  const fetch = vi.fn<typeof globalThis.fetch>();
  const calls = () => fetch.mock.calls.map(([input, init]) => ({ url: String(input), init }));
  beforeEach(() => {
    fetch.mockReset();
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal('document', { cookie: 'other=1; cp_csrf=token%2Fabc' });
  });
  afterEach(() => vi.unstubAllGlobals());

  const provider = createDataProvider(httpClient);

  it('uploads a bill file as the body, with its type, the CSRF header and the query the API reads', async () => {
    fetch.mockResolvedValueOnce(json(201, { id: 'i1', counts: { new: 1 } }));
    const file = new File(['council,account_no'], 'bil pasar.xlsx', { type: '' });
    await provider.uploadBillFile({ council: 'mdpg', type: 'market_bill', complete: true, file });
    const [{ url, init }] = calls();
    expect(url).toBe('/api/admin/bill-imports?council=mdpg&type=market_bill&complete=true&fileName=bil+pasar.xlsx');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(file);
    const headers = new Headers(init?.headers);
    expect(headers.get('Content-Type')).toBe(XLSX_TYPE);
    expect(headers.get(CSRF_HEADER)).toBe('token/abc');
    expect(billFileContentType({ name: 'bills.CSV', type: '' })).toBe('text/csv');
    expect(billFileContentType({ name: 'bills', type: XLSX_TYPE })).toBe(XLSX_TYPE);
  });

  it('asks lists the simple REST way and reads the exact total', async () => {
    fetch.mockResolvedValueOnce(json(200, [{ id: 'mdpg' }], { 'X-Total-Count': '24', 'X-Has-Next-Page': 'true' }));
    const result = await provider.getList('councils', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'code', order: 'ASC' },
      filter: { active: true },
    });
    expect(result).toEqual({ data: [{ id: 'mdpg' }], total: 24 });
    const url = new URL(calls()[0].url, 'http://console');
    expect(url.pathname).toBe('/api/admin/councils');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      range: '[10,19]',
      sort: '["code","ASC"]',
      filter: '{"active":true}',
    });
  });

  it('pages a list with no total (more than the API counts) by whether another page follows', async () => {
    fetch.mockResolvedValueOnce(json(200, [{ id: 'CP1' }], { 'X-Has-Next-Page': 'true' }));
    const result = await provider.getList('payments', {
      pagination: { page: 3, perPage: 25 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: {},
    });
    expect(result).toEqual({ data: [{ id: 'CP1' }], pageInfo: { hasNextPage: true, hasPreviousPage: true } });
  });

  it('sends the CSRF token on writes only, and only the fields a council update takes', async () => {
    fetch.mockResolvedValueOnce(json(200, { id: 'mdpg' }));
    await provider.update('councils', {
      id: 'mdpg',
      data: { id: 'mdpg', code: 'mdpg', active: false, logoUrl: '', signatureOfficerName: 'A', name: { ms: 'X' } },
      previousData: { id: 'mdpg' },
    });
    const [write] = calls();
    expect(write.url).toBe('/api/admin/councils/mdpg');
    expect(new Headers(write.init?.headers).get('X-CSRF-Token')).toBe('token/abc');
    expect(JSON.parse(String(write.init?.body))).toEqual({
      active: false,
      logoUrl: '',
      signatureOfficerName: 'A',
      signatureOfficerPost: null,
    });
    fetch.mockResolvedValueOnce(json(200, { id: 'mdpg' }));
    await provider.getOne('councils', { id: 'mdpg' });
    expect(new Headers(calls()[1].init?.headers).has('X-CSRF-Token')).toBe(false);
  });

  it('sends a council’s document images only when changed: a chosen file as a data URL, a removed one as null', async () => {
    const stored = {
      logoImage: 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
      signatureImage: 'data:image/png;base64,iVBORw0KGgo=',
    };
    const council = { id: 'mdpg', active: true, logoUrl: null, signatureOfficerName: null, signatureOfficerPost: null };
    const png = new File([Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1])], 'logo.png', {
      type: 'image/png',
    });
    const body = async (data: Record<string, unknown>) => {
      fetch.mockResolvedValueOnce(json(200, { id: 'mdpg' }));
      await provider.update('councils', {
        id: 'mdpg',
        data: { ...council, ...data },
        previousData: { ...council, ...stored },
      });
      return JSON.parse(String(calls().at(-1)?.init?.body)) as Record<string, unknown>;
    };
    // Unchanged: neither image goes again.
    const unchanged = await body(stored);
    expect(unchanged).not.toHaveProperty('logoImage');
    expect(unchanged).not.toHaveProperty('signatureImage');
    // A new logo, the signature removed.
    const changed = await body({ logoImage: { rawFile: png, src: 'blob:x', title: 'logo.png' }, signatureImage: null });
    expect(changed).toMatchObject({ logoImage: 'data:image/png;base64,iVBORw0KGgoB', signatureImage: null });
  });

  it('changes an account’s roles at its roles route, and reads whether it is a council admin', async () => {
    fetch.mockResolvedValueOnce(json(200, USER));
    const read = await provider.getOne('users', { id: USER.id });
    expect(read.data).toMatchObject({ councilAdmin: true, adminOf: ['mdpg'] });
    fetch.mockResolvedValueOnce(json(200, { ...USER, roles: ['user'], councils: [], grants: [] }));
    const saved = await provider.update('users', {
      id: USER.id,
      data: { ...read.data, councilAdmin: false },
      previousData: read.data,
    });
    expect(calls()[1].url).toBe(`/api/admin/users/${USER.id}/roles`);
    expect(JSON.parse(String(calls()[1].init?.body))).toEqual({ councilAdmin: false, councils: [] });
    expect(saved.data).toMatchObject({ councilAdmin: false });
  });

  it('reads and writes the configuration as one record', async () => {
    const config = {
      id: 'default',
      serviceClosed: true,
      announcementMs: 'Tutup',
      announcementEn: 'Closed',
      announcementZh: '关闭',
      appVersion: '1.2.3',
      updatedAt: null,
    };
    fetch.mockResolvedValueOnce(json(200, config));
    await expect(provider.getOne('configuration', { id: 'default' })).resolves.toEqual({ data: config });
    fetch.mockResolvedValueOnce(json(200, config));
    await provider.update('configuration', { id: 'default', data: config, previousData: config });
    expect(calls()[1]).toMatchObject({ url: '/api/admin/configuration', init: { method: 'PUT' } });
    expect(JSON.parse(String(calls()[1].init?.body))).not.toHaveProperty('updatedAt');
  });

  it('runs the staff actions with the CSRF token', async () => {
    fetch.mockResolvedValueOnce(json(200, { reference: 'CP1', outcome: 'move', from: 'pending', to: 'paid' }));
    await expect(provider.requery('CP1')).resolves.toMatchObject({ to: 'paid' });
    fetch.mockResolvedValueOnce(
      json(202, { notificationId: 'n', channel: 'sms', recipient: '0123', status: 'queued' }),
    );
    await provider.resendOutcome('CP1', 'sms');
    expect(calls().map((c) => [c.url, c.init?.method])).toEqual([
      ['/api/admin/payments/CP1/requery', 'POST'],
      ['/api/admin/payments/CP1/resend', 'POST'],
    ]);
    expect(JSON.parse(String(calls()[1].init?.body))).toEqual({ channel: 'sms' });
  });

  it('turns an API error into an HttpError whose message is the translation key of its code', async () => {
    fetch.mockResolvedValueOnce(json(409, { statusCode: 409, code: 'nothing_to_resend', message: 'No outcome' }));
    const error = await provider.resendOutcome('CP1', 'email').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 409,
      message: 'console.errors.nothing_to_resend',
      body: { code: 'nothing_to_resend' },
    });
    // A code the console has no words of its own for: the portal's words, never the API's English.
    fetch.mockResolvedValueOnce(
      json(400, { statusCode: 400, code: 'validation_failed', message: 'Some fields are invalid' }),
    );
    await expect(provider.getOne('councils', { id: 'x' })).rejects.toMatchObject({
      message: 'errors.validation_failed',
    });
    // A code no list holds: the API's own text.
    fetch.mockResolvedValueOnce(json(400, { statusCode: 400, code: 'no_such_code', message: 'As the API says' }));
    await expect(provider.getOne('councils', { id: 'x' })).rejects.toMatchObject({ message: 'As the API says' });
  });
});
