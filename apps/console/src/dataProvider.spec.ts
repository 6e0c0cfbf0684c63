import type { CouncilDto, PublicConfigDto } from '@councilpay/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDataProvider, UnsupportedResourceError } from './dataProvider';

function council(code: string, ms: string): CouncilDto {
  return {
    code,
    name: { ms, en: ms, zh: '' },
    logoUrl: null,
    active: true,
    payableTypes: [],
    isDefault: code === 'mdpg',
  };
}

const COUNCILS = [
  council('mdpg', 'Majlis Daerah Penampang'),
  council('mps', 'Majlis Perbandaran Sandakan'),
  council('lbk', 'Lembaga Bandaran Kudat'),
];
const CONFIG: PublicConfigDto = {
  serviceClosed: false,
  announcement: { ms: '', en: '', zh: '' },
  appVersion: '1.0.0',
  defaultCouncil: 'mdpg',
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('console data provider', () => {
  const fetch = vi.fn<typeof globalThis.fetch>();
  beforeEach(() => {
    fetch.mockReset();
    fetch.mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/api/councils') return json(200, COUNCILS);
      if (url === '/api/config') return json(200, CONFIG);
      if (url === '/api/health') return json(503, { status: 'error', checks: {} });
      return json(404, { statusCode: 404, code: 'not_found', message: 'Cannot GET' });
    });
    vi.stubGlobal('fetch', fetch);
  });
  afterEach(() => vi.unstubAllGlobals());

  const provider = createDataProvider();

  it('lists councils with their code as id, sorted and paged here', async () => {
    const result = await provider.getList('councils', {
      pagination: { page: 1, perPage: 2 },
      sort: { field: 'name.ms', order: 'ASC' },
      filter: {},
    });
    expect(result.total).toBe(3);
    expect(result.data.map((record) => record.id)).toEqual(['lbk', 'mdpg']);
  });

  it('reads one council and the configuration', async () => {
    await expect(provider.getOne('councils', { id: 'mps' })).resolves.toMatchObject({
      data: { id: 'mps', code: 'mps' },
    });
    await expect(provider.getOne('configuration', { id: 'default' })).resolves.toEqual({
      data: { ...CONFIG, id: 'default' },
    });
    await expect(provider.getOne('councils', { id: 'nope' })).rejects.toThrow('nope');
  });

  it('reads several councils by id', async () => {
    const result = await provider.getMany('councils', { ids: ['mps', 'lbk'] });
    expect(result.data.map((record) => record.id).sort()).toEqual(['lbk', 'mps']);
  });

  it('refuses resources and writes it does not have yet', async () => {
    await expect(provider.getList('payments', { pagination: { page: 1, perPage: 10 } })).rejects.toBeInstanceOf(
      UnsupportedResourceError,
    );
    await expect(provider.update('councils', { id: 'mdpg', data: {}, previousData: { id: 'mdpg' } })).rejects.toThrow(
      /cannot update "councils"/,
    );
  });

  it('returns the health report even when the API answers 503', async () => {
    await expect(provider.getHealth()).resolves.toMatchObject({ status: 'error' });
  });

  it('turns an API error into an HttpError with the ApiErrorBody', async () => {
    fetch.mockImplementationOnce(async () =>
      json(429, { statusCode: 429, code: 'too_many_requests', message: 'Slow down' }),
    );
    await expect(provider.getOne('councils', { id: 'mdpg' })).rejects.toMatchObject({
      status: 429,
      message: 'Slow down',
      body: { code: 'too_many_requests' },
    });
  });
});
