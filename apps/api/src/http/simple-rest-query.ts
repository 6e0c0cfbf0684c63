import type { NextFunction, Request, Response } from 'express';
import { ApiError } from './api-error';

const RESERVED = new Set(['range', 'sort', 'filter']);

function invalid(field: string, message: string): ApiError {
  return new ApiError(400, 'validation_failed', message, undefined, field);
}

function parse(field: string, text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw invalid(field, `${field} must be JSON`);
  }
}

/** A filter value as query parameters: lists repeat the key, booleans and numbers become text. */
function filterValues(key: string, value: unknown): string[] {
  if (value === null || value === undefined || value === '') return [];
  if (Array.isArray(value)) return value.flatMap((item) => filterValues(key, item));
  if (typeof value === 'string') return [value];
  if (typeof value === 'number' || typeof value === 'boolean') return [String(value)];
  throw invalid(`filter.${key}`, `filter.${key} must be text, a number, a boolean or a list of them`);
}

/**
 * react-admin's simple REST conventions (ra-data-simple-rest: `range=[0,24]`, `sort=["field","ASC"]`,
 * `filter={...}` as JSON) turned into the plain parameters every admin list validates (`_start`, `_end`
 * exclusive, `_sort`, `_order`, one parameter per filter). The request goes on with the rewritten query, so
 * each list's DTO validates it as usual; JSON that is not of that shape is a 400.
 */
export function simpleRestQuery(req: Request, _res: Response, next: NextFunction): void {
  const url = new URL(req.url, 'http://admin.local');
  const params = url.searchParams;
  if (![...RESERVED].some((name) => params.has(name))) return next();
  try {
    const out = new URLSearchParams();
    for (const [key, value] of params) if (!RESERVED.has(key)) out.append(key, value);
    const range = params.get('range');
    if (range !== null) {
      const parsed = parse('range', range);
      if (!Array.isArray(parsed) || parsed.length !== 2 || !parsed.every((n) => Number.isInteger(n) && n >= 0)) {
        throw invalid('range', 'range must be [first, last], two whole numbers');
      }
      out.set('_start', String(parsed[0]));
      out.set('_end', String(Number(parsed[1]) + 1));
    }
    const sort = params.get('sort');
    if (sort !== null) {
      const parsed = parse('sort', sort);
      if (!Array.isArray(parsed) || parsed.length !== 2 || !parsed.every((s) => typeof s === 'string')) {
        throw invalid('sort', 'sort must be ["field", "ASC" | "DESC"]');
      }
      out.set('_sort', String(parsed[0]));
      out.set('_order', String(parsed[1]));
    }
    const filter = params.get('filter');
    if (filter !== null) {
      const parsed = parse('filter', filter);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
        throw invalid('filter', 'filter must be a JSON object');
      }
      for (const [key, value] of Object.entries(parsed)) {
        if (key.startsWith('_') || RESERVED.has(key)) throw invalid(`filter.${key}`, `filter.${key} is not a filter`);
        out.delete(key);
        for (const text of filterValues(key, value)) out.append(key, text);
      }
    }
    const query = out.toString();
    req.url = `${url.pathname}${query ? `?${query}` : ''}`;
    next();
  } catch (error) {
    next(error);
  }
}
