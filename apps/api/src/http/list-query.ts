import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import type { Response } from 'express';
import {
  ADMIN_COUNT_CAP,
  ADMIN_MAX_PAGE_SIZE,
  HAS_NEXT_PAGE_HEADER,
  TOTAL_COUNT_HEADER,
  type AdminListParams,
} from '@councilpay/domain';
import type { Prisma } from '../generated/prisma/client';
import { ApiError } from './api-error';
import type { PrismaService } from '../prisma/prisma.service';

/** The furthest a list may page: far past any real list, well within what the database takes as an offset. */
export const LIST_MAX_OFFSET = 10_000_000;

/** A query parameter that may repeat, always as a list. */
export const toArray = ({ value }: { value: unknown }) =>
  value === undefined || Array.isArray(value) ? value : [value];

/**
 * react-admin's list params (json-server conventions): `_start`, `_end` (exclusive), `_sort`, `_order`, and
 * `id` (repeated) for getMany. Each list's DTO adds its filters.
 */
export class AdminListQueryDto implements AdminListParams {
  @ApiPropertyOptional({ default: 0 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(LIST_MAX_OFFSET)
  _start?: number;

  @ApiPropertyOptional({ description: `exclusive; at most ${ADMIN_MAX_PAGE_SIZE} after _start` })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(LIST_MAX_OFFSET + ADMIN_MAX_PAGE_SIZE)
  _end?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(40)
  _sort?: string;

  @ApiPropertyOptional({ enum: ['ASC', 'DESC'] })
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.toUpperCase() : value))
  @IsIn(['ASC', 'DESC'])
  _order?: 'ASC' | 'DESC';

  @ApiPropertyOptional({ type: [String], description: 'only these ids (react-admin getMany)' })
  @IsOptional()
  @Transform(toArray)
  @IsArray()
  @ArrayMaxSize(ADMIN_MAX_PAGE_SIZE)
  @IsString({ each: true })
  @MaxLength(100, { each: true })
  id?: string[];
}

export interface ListWindow<S extends string> {
  skip: number;
  take: number;
  sort: S;
  order: 'asc' | 'desc';
}

/** The page and order a list asked for; a sort field the list does not offer is a 400. */
export function listWindow<S extends string>(
  query: AdminListParams,
  sorts: readonly S[],
  fallback: { sort: S; order: 'asc' | 'desc' },
): ListWindow<S> {
  const sort = (query._sort ?? fallback.sort) as S;
  if (!sorts.includes(sort)) {
    throw new ApiError(400, 'invalid_sort', `_sort must be one of ${sorts.join(', ')}`, undefined, '_sort');
  }
  const skip = query._start ?? 0;
  const end = query._end ?? skip + 25;
  if (end < skip) throw new ApiError(400, 'invalid_range', '_end must not be before _start', undefined, '_end');
  return {
    skip,
    take: Math.min(end - skip, ADMIN_MAX_PAGE_SIZE),
    sort,
    order: query._order ? (query._order === 'DESC' ? 'desc' : 'asc') : fallback.order,
  };
}

/** What a list query answers: one page of records, and how many match in all. */
export interface ListPage<T> {
  rows: T[];
  total: number;
}

/**
 * Answers a list the react-admin way: the page as the body, the total in X-Total-Count (exposed, so a
 * browser script may read it).
 */
export function sendPage<T>(res: Response, page: ListPage<T>): T[] {
  res.setHeader(TOTAL_COUNT_HEADER, String(page.total));
  res.setHeader('Access-Control-Expose-Headers', TOTAL_COUNT_HEADER);
  return page.rows;
}

/**
 * A page of a list that is never counted whole: `total` is the exact count when it is below ADMIN_COUNT_CAP,
 * null beyond; `hasNextPage` says whether a record follows the page.
 */
export interface CappedPage<T> {
  rows: T[];
  total: number | null;
  hasNextPage: boolean;
}

/**
 * How long a list's count may take before the list answers without it (pages then say only whether another
 * follows): a console list answers within 300 ms, and a count that needs longer is not worth the wait.
 */
export const COUNT_BUDGET_MS = 250;

function isStatementTimeout(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const { message, code, originalCode } = e as { message?: unknown; code?: unknown; originalCode?: unknown };
    if (code === '57014' || originalCode === '57014') return true;
    if (typeof message === 'string' && message.includes('statement timeout')) return true;
  }
  return false;
}

/**
 * A count that may take at most COUNT_BUDGET_MS (PostgreSQL's statement_timeout, for this transaction only):
 * null when it would take longer. A filter the indexes cannot count quickly (a council's share of a million
 * payments) then pages by "is there more" instead of making the staff member wait.
 */
export async function boundedCount(
  prisma: PrismaService,
  count: (tx: Prisma.TransactionClient) => Promise<number>,
): Promise<number | null> {
  try {
    return await prisma.$transaction(async (tx) => {
      await tx.$executeRawUnsafe(`SET LOCAL statement_timeout = ${COUNT_BUDGET_MS}`);
      return count(tx);
    });
  } catch (error) {
    if (isStatementTimeout(error)) return null;
    throw error;
  }
}

/**
 * Reads one page and a count that stops at the cap, in one snapshot: `count` is given the cap + 1 as its
 * limit, `page` is asked for one record more than the window to see whether another page follows. The work
 * is bounded whatever the table's size.
 */
export async function cappedPage<R, T>(
  window: { take: number },
  count: (limit: number) => Promise<number | null>,
  page: (take: number) => Promise<R[]>,
  toRow: (record: R) => T,
): Promise<CappedPage<T>> {
  const [counted, records] = await Promise.all([count(ADMIN_COUNT_CAP + 1), page(window.take + 1)]);
  return {
    rows: records.slice(0, window.take).map(toRow),
    total: counted === null || counted > ADMIN_COUNT_CAP ? null : counted,
    hasNextPage: records.length > window.take,
  };
}

/** Answers a capped list: X-Total-Count only when exact, X-Has-Next-Page always (both exposed to scripts). */
export function sendCappedPage<T>(res: Response, page: CappedPage<T>): T[] {
  if (page.total !== null) res.setHeader(TOTAL_COUNT_HEADER, String(page.total));
  res.setHeader(HAS_NEXT_PAGE_HEADER, String(page.hasNextPage));
  res.setHeader('Access-Control-Expose-Headers', `${TOTAL_COUNT_HEADER}, ${HAS_NEXT_PAGE_HEADER}`);
  return page.rows;
}

/** `true` / `false` in a query string as a boolean (anything else is left for the validator to refuse). */
export const toBoolean = ({ value }: { value: unknown }) =>
  value === 'true' || value === true ? true : value === 'false' || value === false ? false : value;

/**
 * The records whose text key starts with `prefix`, as a range the key's btree index answers (a LIKE prefix
 * cannot use it outside the C collation). `last` is the highest character the key may hold.
 */
export function prefixRange(prefix: string, length: number, last: string): { gte: string; lte: string } | string {
  return prefix.length >= length ? prefix : { gte: prefix, lte: prefix.padEnd(length, last) };
}
