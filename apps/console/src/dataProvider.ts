import type { CouncilDto, PublicConfigDto } from '@councilpay/domain';
import type { DataProvider, GetListParams, Identifier, RaRecord } from 'react-admin';
import { getJson } from './api';
import type { HealthReport } from './dashboard/health';
import { applyListQuery } from './listQuery';

/** A council as a react-admin record: its code is its id. */
export type CouncilRecord = CouncilDto & { id: string };

/** The configuration is one record (GET /api/config), id `default`. */
export const CONFIGURATION_ID = 'default';
export type ConfigurationRecord = PublicConfigDto & { id: typeof CONFIGURATION_ID };

export function toCouncilRecord(council: CouncilDto): CouncilRecord {
  return { ...council, id: council.code };
}

/** The console's data provider: react-admin's methods plus the dashboard's health check. */
export interface ConsoleDataProvider extends DataProvider {
  getHealth(signal?: AbortSignal): Promise<HealthReport>;
}

export class UnsupportedResourceError extends Error {
  constructor(resource: string, method: string) {
    super(`The console cannot ${method} "${resource}" yet: the staff API (/api/admin/*) is not there yet.`);
    this.name = 'UnsupportedResourceError';
  }
}

function unsupported(method: string) {
  return (resource: string): Promise<never> => Promise.reject(new UnsupportedResourceError(resource, method));
}

async function councils(signal?: AbortSignal): Promise<CouncilRecord[]> {
  return (await getJson<CouncilDto[]>('/councils', { signal })).map(toCouncilRecord);
}

async function configuration(signal?: AbortSignal): Promise<ConfigurationRecord> {
  return { ...(await getJson<PublicConfigDto>('/config', { signal })), id: CONFIGURATION_ID };
}

async function findCouncil(id: Identifier, signal?: AbortSignal): Promise<CouncilRecord> {
  const council = (await councils(signal)).find((record) => record.id === String(id));
  if (!council) throw new Error(`No council has the code "${String(id)}"`);
  return council;
}

/**
 * For now two read-only resources from the public API: `councils` (GET /api/councils, sorted, filtered
 * and paged here) and `configuration` (GET /api/config). Any other resource or method is refused with
 * a clear error.
 *
 * TODO(console-api): replace with ra-data-simple-rest over /api/admin/* (filters, sort, range, total)
 * once the staff endpoints exist; keep getHealth.
 */
export function createDataProvider(): ConsoleDataProvider {
  // react-admin's methods are generic in the record type; these casts state which records we return.
  return {
    supportAbortSignal: true,
    getList: async <RecordType extends RaRecord>(resource: string, params: GetListParams) => {
      if (resource !== 'councils') throw new UnsupportedResourceError(resource, 'list');
      const { data, total } = applyListQuery(await councils(params.signal), params);
      return { data: data as unknown as RecordType[], total };
    },
    getOne: async <RecordType extends RaRecord>(resource: string, params: { id: Identifier; signal?: AbortSignal }) => {
      if (resource === 'councils')
        return { data: (await findCouncil(params.id, params.signal)) as unknown as RecordType };
      if (resource === 'configuration') return { data: (await configuration(params.signal)) as unknown as RecordType };
      throw new UnsupportedResourceError(resource, 'read');
    },
    getMany: async <RecordType extends RaRecord>(
      resource: string,
      params: { ids: Identifier[]; signal?: AbortSignal },
    ) => {
      if (resource !== 'councils') throw new UnsupportedResourceError(resource, 'read');
      const wanted = new Set(params.ids.map(String));
      const data = (await councils(params.signal)).filter((record) => wanted.has(record.id));
      return { data: data as unknown as RecordType[] };
    },
    getManyReference: unsupported('list references of'),
    create: unsupported('create'),
    update: unsupported('update'),
    updateMany: unsupported('update'),
    delete: unsupported('delete'),
    deleteMany: unsupported('delete'),
    getHealth: (signal?: AbortSignal) => getJson<HealthReport>('/health', { signal, acceptStatuses: [503] }),
  };
}

export const dataProvider = createDataProvider();
