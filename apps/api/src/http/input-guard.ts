import { BadRequestException, CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { FieldErrorDto } from '@councilpay/domain';
import { ApiError } from './api-error';

/** How deep a body may nest (the deepest real one, a payment's charge form, is 4) ... */
export const MAX_BODY_DEPTH = 12;
/** ... and how many values it may hold in all (a full cart is about 60). */
export const MAX_BODY_VALUES = 2_000;
/** Routes whose body may hold more values: a council's batch of up to 5,000 bills of up to 20 columns each. */
export const LARGE_BODY_ROUTES: ReadonlyMap<string, number> = new Map([['/api/council/v1/bills/:type', 120_000]]);
/** Keys that would reach an object's prototype once copied into a class instance. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
/** Routes the gateways post to: forms of their own making, checked by libs/fpx. */
export const GATEWAY_ROUTE_PREFIX = '/api/gateways/';
/**
 * Routes that take a file as the body (a council's bill file), with the content types they take. Neither is a
 * type a form on another site can send without a preflight.
 */
export const FILE_ROUTES: ReadonlyMap<string, readonly string[]> = new Map([
  ['/api/admin/bill-imports', ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']],
]);
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * NUL (PostgreSQL cannot store it in text) or a UTF-16 surrogate without its pair (not a character at all:
 * it cannot be encoded as UTF-8 for the database, an email or a gateway).
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

function invalid(errors: FieldErrorDto[]): BadRequestException {
  return new BadRequestException({ code: 'validation_failed', message: 'Some fields are missing or invalid', errors });
}

function fieldName(path: (string | number)[]): string {
  return path.length === 0 ? 'body' : path.join('.');
}

/**
 * Walks a parsed body or query (iteratively: no depth can overflow the stack) and returns why it is refused:
 * too deep or too big, a prototype key, or text that cannot be stored, each naming the field.
 */
export function inspectInput(
  root: unknown,
  name: string,
  maxValues: number = MAX_BODY_VALUES,
): ApiError | BadRequestException | null {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: root, path: [] }];
  let values = 0;
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    values += 1;
    if (values > maxValues || path.length > MAX_BODY_DEPTH) {
      return new ApiError(400, 'request_too_complex', `The ${name} is nested too deeply or holds too many values`);
    }
    if (typeof value === 'string') {
      if (!isStorableText(value)) {
        const field = fieldName(path);
        return invalid([
          { field, code: 'invalid_characters', message: `${field} contains characters that are not allowed` },
        ]);
      }
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => stack.push({ value: item, path: [...path, index] }));
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        const field = fieldName([...path, key]);
        if (PROTOTYPE_KEYS.has(key)) {
          return invalid([{ field, code: 'not_allowed', message: `${field} is not allowed` }]);
        }
        if (!isStorableText(key)) {
          return invalid([
            {
              field: fieldName(path),
              code: 'invalid_characters',
              message: 'A field name has characters that are not allowed',
            },
          ]);
        }
        stack.push({ value: item, path: [...path, key] });
      }
    }
  }
  return null;
}

/**
 * The first check every routed request meets, before any pipe, handler or query: path parameters, query and
 * body are refused (4xx, naming the field) when they hold what no field may hold. State-changing routes take
 * JSON only, except the gateways' (forms they sign): a page on another site can make a browser post a form
 * without a preflight, never JSON. The route is the one the router matched (`req.route.path`), so another
 * spelling of its path cannot slip past.
 */
@Injectable()
export class InputGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const req = context.switchToHttp().getRequest<Request>();
    const route = String((req.route as { path?: unknown } | undefined)?.path ?? req.path);
    if (
      !SAFE_METHODS.has(req.method) &&
      !route.startsWith(GATEWAY_ROUTE_PREFIX) &&
      req.headers['content-type'] &&
      !req.is('application/json') &&
      !(FILE_ROUTES.has(route) && req.is([...FILE_ROUTES.get(route)!]))
    ) {
      throw new ApiError(
        415,
        'unsupported_media_type',
        'Send the request body as JSON (Content-Type: application/json)',
      );
    }
    for (const [name, value] of [
      ['path', req.params],
      ['query', req.query],
      ['body', req.body],
    ] as const) {
      const max = name === 'body' ? (LARGE_BODY_ROUTES.get(route) ?? MAX_BODY_VALUES) : MAX_BODY_VALUES;
      const refusal = value === undefined ? null : inspectInput(value, name, max);
      if (refusal) throw refusal;
    }
    return true;
  }
}
