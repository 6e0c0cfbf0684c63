import {
  BACKGROUND_REQUEST_HEADER,
  HAS_NEXT_PAGE_HEADER,
  TOTAL_COUNT_HEADER,
  type AdminBillImport,
  type AdminBillImportRow,
  type AdminConfiguration,
  type BillOutcomeCounts,
  type BillRowOutcome,
  type AdminCouncilUpdate,
  type AdminDashboard,
  type AdminGatewayAnswerRow,
  type AdminPaymentActionResult,
  type AdminPaymentTotals,
  type DayCloseReport,
  type CollectionFileReproduction,
  type CollectionFileRow,
  type WebhookDeliveryRow,
  type WebhookEndpoint,
  type WebhookEndpointCreateRequest,
  type WebhookEndpointUpdateRequest,
  type WebhookEndpointWithSecret,
  type WebhookRedeliverRequest,
  type WebhookRedeliverResult,
  type AdminRecordRefundRequest,
  type AdminRecordRefundResult,
  type AdminRefundPreview,
  type AdminRefundRow,
  type AdminResendResult,
  type AdminUserRolesUpdate,
  type AdminUserRow,
  type AdminPaymentStatusCounts,
  type HealthReport,
  type PublicHealthReport,
  type NotificationChannel,
  type ReconciliationQuery,
  type ReconciliationReport,
  type SettlementCheckAnswer,
  type SettlementCheckLine,
  type SettlementCheckSummary,
  type SettlementGateway,
  type SettlementResolveRequest,
} from '@councilpay/domain';
import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, GetListParams, GetListResult, RaRecord, UpdateParams } from 'react-admin';
import { documentImageChange } from './councils/documentImage';
import { httpClient } from './httpClient';

export const ADMIN_API = '/api/admin';

/** The configuration is one record, id `default`. */
export const CONFIGURATION_ID = 'default';

/**
 * A user as the console edits it: whether the account is a council admin, and of which councils (its other roles
 * in other councils are the Staff page's, and stay as they are when this form is saved).
 */
export type UserRecord = AdminUserRow & { councilAdmin: boolean; adminOf: string[] };

export function toUserRecord(user: AdminUserRow): UserRecord {
  const adminOf = user.grants.filter((g) => g.role === 'council_admin').map((g) => g.council);
  return { ...user, councilAdmin: adminOf.length > 0, adminOf };
}

/**
 * What each resource's update sends: only the fields its route takes (the API refuses any other). A council's
 * document images go only when changed: a newly chosen file as its data URL, null when removed.
 */
async function updateBody(
  resource: string,
  data: Record<string, unknown>,
  previous: Record<string, unknown> | undefined,
): Promise<{ path: string; body: object } | null> {
  if (resource === 'councils') {
    const update: AdminCouncilUpdate = {
      active: Boolean(data.active),
      logoUrl: (data.logoUrl as string | null | undefined) ?? null,
      signatureOfficerName: (data.signatureOfficerName as string | null | undefined) ?? null,
      signatureOfficerPost: (data.signatureOfficerPost as string | null | undefined) ?? null,
    };
    for (const field of ['logoImage', 'signatureImage'] as const) {
      const change = await documentImageChange(data[field], previous?.[field]);
      if (change !== undefined) update[field] = change;
    }
    return { path: '', body: update };
  }
  if (resource === 'users') {
    const update: AdminUserRolesUpdate = {
      councilAdmin: Boolean(data.councilAdmin),
      councils: data.councilAdmin && Array.isArray(data.adminOf) ? (data.adminOf as string[]) : [],
    };
    return { path: '/roles', body: update };
  }
  return null;
}

/** The console's data provider: react-admin's methods plus the staff actions and the dashboard's reads. */
export interface ConsoleDataProvider extends DataProvider {
  requery(reference: string): Promise<AdminPaymentActionResult>;
  resendOutcome(reference: string, channel: NotificationChannel): Promise<AdminResendResult>;
  resendNotification(id: string): Promise<AdminResendResult>;
  /** `background`: the screen refreshing by itself (it does not keep an idle staff session alive). */
  getDashboard(signal?: AbortSignal, background?: boolean): Promise<AdminDashboard>;
  /** The status tabs: how many payments of each status the list's other filters match (each to a cap). */
  getPaymentStatusCounts(filter: Record<string, unknown>, signal?: AbortSignal): Promise<AdminPaymentStatusCounts>;
  getPaymentTotals(filter: Record<string, unknown>, signal?: AbortSignal): Promise<AdminPaymentTotals>;
  getDayClose(council: string, day: string, signal?: AbortSignal): Promise<DayCloseReport>;
  signDayClose(council: string, day: string): Promise<DayCloseReport>;
  listCollectionFiles(
    query: { council: string; from: string; to: string },
    signal?: AbortSignal,
  ): Promise<CollectionFileRow[]>;
  reproduceCollectionFile(council: string, day: string): Promise<CollectionFileReproduction[]>;
  listWebhookEndpoints(council: string, signal?: AbortSignal): Promise<WebhookEndpoint[]>;
  createWebhookEndpoint(request: WebhookEndpointCreateRequest): Promise<WebhookEndpointWithSecret>;
  updateWebhookEndpoint(id: string, request: WebhookEndpointUpdateRequest): Promise<WebhookEndpoint>;
  rotateWebhookSecret(id: string): Promise<WebhookEndpointWithSecret>;
  listWebhookDeliveries(id: string, signal?: AbortSignal): Promise<WebhookDeliveryRow[]>;
  redeliverWebhooks(id: string, request: WebhookRedeliverRequest): Promise<WebhookRedeliverResult>;
  /** The whole report for `_admin`; up or down only for a council admin. */
  getHealth(signal?: AbortSignal, background?: boolean): Promise<HealthReport | PublicHealthReport>;
  /** `_admin`: turns a staff member's second factor off (audited); they enrol again at their next sign-in. */
  resetSecondFactor(userId: string): Promise<UserRecord>;
  getGatewayAnswers(reference: string, signal?: AbortSignal): Promise<AdminGatewayAnswerRow[]>;
  getRefunds(reference: string, signal?: AbortSignal): Promise<AdminRefundRow[]>;
  recordRefund(reference: string, request: AdminRecordRefundRequest): Promise<AdminRecordRefundResult>;
  previewRefund(reference: string, request: AdminRecordRefundRequest): Promise<AdminRefundPreview>;
  approveRefund(reference: string, refundId: string): Promise<AdminRecordRefundResult>;
  declineRefund(reference: string, refundId: string, reason: string): Promise<AdminRecordRefundResult>;
  correctRefund(reference: string, refundId: string, reason: string): Promise<AdminRecordRefundResult>;
  getReconciliation(query: ReconciliationQuery, signal?: AbortSignal): Promise<ReconciliationReport>;
  checkSettlement(gateway: SettlementGateway, fileName: string, content: string): Promise<SettlementCheckAnswer>;
  getSettlementCheck(id: string, signal?: AbortSignal): Promise<SettlementCheckAnswer>;
  listSettlementChecks(signal?: AbortSignal): Promise<SettlementCheckSummary[]>;
  listSettlementLines(id: string, start: number, end: number): Promise<SettlementCheckLine[]>;
  resolveSettlementLine(
    checkId: string,
    lineId: string,
    request: SettlementResolveRequest,
  ): Promise<SettlementCheckLine>;
  listBillImports(
    filter: { council?: string; type?: string },
    start: number,
    end: number,
    signal?: AbortSignal,
  ): Promise<{ data: AdminBillImport[]; total: number }>;
  getBillImport(id: string, signal?: AbortSignal): Promise<AdminBillImport>;
  listBillImportRows(
    id: string,
    outcome: BillRowOutcome,
    start: number,
    end: number,
    signal?: AbortSignal,
  ): Promise<{ data: AdminBillImportRow[]; total: number }>;
  uploadBillFile(upload: BillFileUpload): Promise<{ id: string; counts: BillOutcomeCounts }>;
  confirmBillImport(id: string): Promise<{ id: string; counts: BillOutcomeCounts }>;
}

/** A council's bill file as the officer chose it, for one payable type. */
export interface BillFileUpload {
  council: string;
  type: string;
  /** The file is the type's complete list: the bills it does not name are withdrawn. */
  complete: boolean;
  file: File;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The file's content type as the API reads it: XLSX by its name or type, CSV otherwise. */
export function billFileContentType(file: Pick<File, 'name' | 'type'>): string {
  return file.type === XLSX_TYPE || /\.xlsx$/i.test(file.name) ? XLSX_TYPE : 'text/csv';
}

/** The payments CSV of a list's filters, as react-admin holds them (the API reads `filter` as JSON). */
export function paymentsCsvUrl(filter: Record<string, unknown>, lang: string): string {
  const params = new URLSearchParams({ filter: JSON.stringify(filter), lang });
  return `${ADMIN_API}/payments.csv?${params.toString()}`;
}

/**
 * A request's headers: JSON, and for a request the console makes by itself (a screen refreshing its figures)
 * the background header, so that it does not count as a person's activity for the idle staff session.
 */
export function requestHeaders(background: boolean): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  if (background) headers.set(BACKGROUND_REQUEST_HEADER, '1');
  return headers;
}

/**
 * ra-data-simple-rest over /api/admin (lists by `range`, `sort`, `filter`; X-Total-Count), with what it cannot
 * know: lists that grow without bound (payments, messages, audit) send no total beyond 10,000 matches, only
 * X-Has-Next-Page, and become react-admin's partial pagination (`pageInfo`); the configuration is one record
 * at /api/admin/configuration; an account's roles are changed at /users/:id/roles; and the staff actions.
 */
export function createDataProvider(client: typeof httpClient = httpClient): ConsoleDataProvider {
  const post = async <T>(path: string, body?: object): Promise<T> =>
    (await client(`${ADMIN_API}${path}`, { method: 'POST', body: body ? JSON.stringify(body) : undefined })).json as T;
  const get = async <T>(path: string, signal?: AbortSignal, background = false): Promise<T> =>
    (await client(path, { signal, headers: requestHeaders(background) })).json as T;

  async function getList<RecordType extends RaRecord>(
    resource: string,
    params: GetListParams,
  ): Promise<GetListResult<RecordType>> {
    let exact = true;
    let hasNextPage = false;
    // The total is read by simple-rest from X-Total-Count; when the API counted no further than its cap it
    // sends none, and the page says only whether another follows.
    const counting: typeof httpClient = async (url, options) => {
      const response = await client(url, options);
      exact = response.headers.has(TOTAL_COUNT_HEADER);
      hasNextPage = response.headers.get(HAS_NEXT_PAGE_HEADER) === 'true';
      if (exact) return response;
      const headers = new Headers(response.headers);
      headers.set(TOTAL_COUNT_HEADER, '0');
      return { ...response, headers };
    };
    const result = await simpleRestProvider(ADMIN_API, counting, TOTAL_COUNT_HEADER).getList<RecordType>(
      resource,
      params,
    );
    const data =
      resource === 'users'
        ? (result.data.map((u) => toUserRecord(u as unknown as AdminUserRow)) as unknown as RecordType[])
        : result.data;
    if (exact) return { ...result, data };
    const page = params.pagination?.page ?? 1;
    return { data, pageInfo: { hasNextPage, hasPreviousPage: page > 1 } };
  }

  const rest = simpleRestProvider(ADMIN_API, client, TOTAL_COUNT_HEADER);
  return {
    ...rest,
    supportAbortSignal: true,
    getList,
    getOne: async (resource, params) => {
      if (resource === 'configuration') {
        return { data: (await get<AdminConfiguration>(`${ADMIN_API}/configuration`, params.signal)) as never };
      }
      const result = await rest.getOne(resource, params);
      return resource === 'users' ? { data: toUserRecord(result.data as unknown as AdminUserRow) as never } : result;
    },
    update: async <RecordType extends RaRecord>(resource: string, params: UpdateParams) => {
      if (resource === 'configuration') {
        const { serviceClosed, announcementMs, announcementEn, announcementZh, appVersion, refundApprovalAboveSen } =
          params.data as AdminConfiguration;
        const { json } = await client(`${ADMIN_API}/configuration`, {
          method: 'PUT',
          body: JSON.stringify({
            serviceClosed,
            announcementMs,
            announcementEn,
            announcementZh,
            appVersion,
            refundApprovalAboveSen,
          }),
        });
        return { data: json as RecordType };
      }
      const route = await updateBody(
        resource,
        params.data as Record<string, unknown>,
        params.previousData as Record<string, unknown> | undefined,
      );
      if (!route) return rest.update<RecordType>(resource, params);
      const { json } = await client(`${ADMIN_API}/${resource}/${encodeURIComponent(String(params.id))}${route.path}`, {
        method: 'PUT',
        body: JSON.stringify(route.body),
      });
      return { data: (resource === 'users' ? toUserRecord(json as AdminUserRow) : json) as RecordType };
    },
    requery: (reference) => post(`/payments/${encodeURIComponent(reference)}/requery`),
    resendOutcome: (reference, channel) => post(`/payments/${encodeURIComponent(reference)}/resend`, { channel }),
    resendNotification: (id) => post(`/notifications/${encodeURIComponent(id)}/resend`),
    resetSecondFactor: async (userId) =>
      toUserRecord(await post<AdminUserRow>(`/users/${encodeURIComponent(userId)}/second-factor/reset`)),
    getDashboard: (signal, background) => get(`${ADMIN_API}/dashboard`, signal, background),
    getDayClose: (council, day, signal) =>
      get(`${ADMIN_API}/day-close?${new URLSearchParams({ council, day }).toString()}`, signal),
    signDayClose: (council, day) => post(`/day-close/${encodeURIComponent(council)}/${day}/sign`),
    listCollectionFiles: (query, signal) =>
      get(`${ADMIN_API}/collection-files?${new URLSearchParams(query).toString()}`, signal),
    reproduceCollectionFile: (council, day) =>
      post(`/collection-files/${encodeURIComponent(council)}/${encodeURIComponent(day)}/reproduce`),
    listWebhookEndpoints: (council, signal) =>
      get(`${ADMIN_API}/webhook-endpoints?${new URLSearchParams({ council }).toString()}`, signal),
    createWebhookEndpoint: (request) => post('/webhook-endpoints', request),
    updateWebhookEndpoint: async (id, request) =>
      (
        await client(`${ADMIN_API}/webhook-endpoints/${encodeURIComponent(id)}`, {
          method: 'PUT',
          body: JSON.stringify(request),
        })
      ).json as WebhookEndpoint,
    rotateWebhookSecret: (id) => post(`/webhook-endpoints/${encodeURIComponent(id)}/rotate-secret`),
    listWebhookDeliveries: (id, signal) =>
      get(`${ADMIN_API}/webhook-endpoints/${encodeURIComponent(id)}/deliveries`, signal),
    redeliverWebhooks: (id, request) => post(`/webhook-endpoints/${encodeURIComponent(id)}/redeliveries`, request),
    getPaymentStatusCounts: (filter, signal) =>
      get(
        `${ADMIN_API}/payments/status-counts?${new URLSearchParams({ filter: JSON.stringify(filter) }).toString()}`,
        signal,
      ),
    getPaymentTotals: (filter, signal) =>
      get(`${ADMIN_API}/payments/totals?${new URLSearchParams({ filter: JSON.stringify(filter) }).toString()}`, signal),
    getGatewayAnswers: (reference, signal) =>
      get(`${ADMIN_API}/payments/${encodeURIComponent(reference)}/gateway-answers`, signal),
    getRefunds: (reference, signal) => get(`${ADMIN_API}/payments/${encodeURIComponent(reference)}/refunds`, signal),
    recordRefund: (reference, request) => post(`/payments/${encodeURIComponent(reference)}/refunds`, request),
    previewRefund: (reference, request) => post(`/payments/${encodeURIComponent(reference)}/refunds/preview`, request),
    approveRefund: (reference, refundId) =>
      post(`/payments/${encodeURIComponent(reference)}/refunds/${encodeURIComponent(refundId)}/approve`),
    declineRefund: (reference, refundId, reason) =>
      post(`/payments/${encodeURIComponent(reference)}/refunds/${encodeURIComponent(refundId)}/decline`, { reason }),
    correctRefund: (reference, refundId, reason) =>
      post(`/payments/${encodeURIComponent(reference)}/refunds/${encodeURIComponent(refundId)}/corrections`, {
        reason,
      }),
    getReconciliation: (query, signal) => {
      const params = new URLSearchParams(
        Object.entries(query).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''),
      );
      return get(`${ADMIN_API}/reconciliation?${params.toString()}`, signal);
    },
    checkSettlement: (gateway, fileName, content) => post('/settlements', { gateway, fileName, content }),
    getSettlementCheck: (id, signal) => get(`${ADMIN_API}/settlements/${encodeURIComponent(id)}`, signal),
    listSettlementChecks: (signal) => get(`${ADMIN_API}/settlements?_start=0&_end=20`, signal),
    listSettlementLines: (id, start, end) =>
      get(`${ADMIN_API}/settlements/${encodeURIComponent(id)}/lines?_start=${start}&_end=${end}`),
    resolveSettlementLine: (checkId, lineId, request) =>
      post(`/settlements/${encodeURIComponent(checkId)}/lines/${encodeURIComponent(lineId)}/resolution`, request),
    listBillImports: async (filter, start, end, signal) => {
      const params = new URLSearchParams({
        ...Object.fromEntries(Object.entries(filter).filter((e): e is [string, string] => Boolean(e[1]))),
        _start: String(start),
        _end: String(end),
      });
      const response = await client(`${ADMIN_API}/bill-imports?${params.toString()}`, { signal });
      return {
        data: response.json as AdminBillImport[],
        total: Number(response.headers.get(TOTAL_COUNT_HEADER) ?? 0),
      };
    },
    getBillImport: (id, signal) => get(`${ADMIN_API}/bill-imports/${encodeURIComponent(id)}`, signal),
    listBillImportRows: async (id, outcome, start, end, signal) => {
      const params = new URLSearchParams({ outcome, _start: String(start), _end: String(end) });
      const response = await client(`${ADMIN_API}/bill-imports/${encodeURIComponent(id)}/rows?${params.toString()}`, {
        signal,
      });
      return {
        data: response.json as AdminBillImportRow[],
        total: Number(response.headers.get(TOTAL_COUNT_HEADER) ?? 0),
      };
    },
    uploadBillFile: async ({ council, type, complete, file }) => {
      const params = new URLSearchParams({ council, type, complete: String(complete), fileName: file.name });
      const response = await client(`${ADMIN_API}/bill-imports?${params.toString()}`, {
        method: 'POST',
        body: file,
        headers: new Headers({ Accept: 'application/json', 'Content-Type': billFileContentType(file) }),
      });
      return response.json as { id: string; counts: BillOutcomeCounts };
    },
    confirmBillImport: (id) => post(`/bill-imports/${encodeURIComponent(id)}/confirm`),
    getHealth: async (signal, background) => {
      // The health report answers 503 with its body when a dependency is down: that is still the answer.
      const response = await fetch('/api/health', { signal, headers: requestHeaders(background ?? false) });
      return (await response.json()) as HealthReport | PublicHealthReport;
    },
  };
}

export const dataProvider = createDataProvider();
