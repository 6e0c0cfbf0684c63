import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import type { Response } from 'express';
import { ADMIN_MAX_PAGE_SIZE, TOTAL_COUNT_HEADER, type AdminListParams } from '@councilpay/domain';
import { ApiError } from '../http/api-error';

const toArray = ({ value }: { value: unknown }) => (value === undefined || Array.isArray(value) ? value : [value]);

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
  _start?: number;

  @ApiPropertyOptional({ description: `exclusive; at most ${ADMIN_MAX_PAGE_SIZE} after _start` })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
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
