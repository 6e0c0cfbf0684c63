import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { DocumentRenderError } from '@councilpay/documents';
import type { ApiErrorBody, FieldErrorDto } from '@councilpay/domain';
import { isDatabaseUnavailable } from '../prisma/database-unavailable';

/** Codes for the statuses Nest raises on its own (404 for an unknown route, 429 throttled ...). */
const STATUS_CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
};

interface BodyParserError {
  type?: string;
  status?: number;
  statusCode?: number;
  expose?: boolean;
}

/**
 * An error of the body parser about the request: its own (with a `type`), or one it passed on from zlib when
 * the body does not match its Content-Encoding (no `type`, but marked `expose` with a 4xx status).
 */
function isBodyParserError(error: unknown): error is BodyParserError {
  const e = error as BodyParserError;
  return (
    typeof e === 'object' &&
    e !== null &&
    (typeof e.type === 'string' || e.expose === true) &&
    (e.status ?? 0) >= 400 &&
    (e.status ?? 0) < 500
  );
}

/** zlib's own error (gzip, deflate or brotli data it cannot read): the parser's errors all carry a `type`. */
const isUndecodable = (e: BodyParserError) => e.type === undefined;

/**
 * The JSON body parser failed. Nest 11 answers it with a bare BadRequestException carrying the parser's
 * SyntaxError text ("Unexpected end of JSON input", "... is not valid JSON"), so the text is what identifies it.
 */
function isJsonParseFailure(exception: HttpException): boolean {
  return exception.cause instanceof SyntaxError || /JSON/.test(exception.message);
}

/**
 * Every error leaves the API as an ApiErrorBody: a stable `code` (an i18n key the portal translates), an
 * English `message`, and field errors for validation. Anything unexpected is a logged 500 without details.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const body = this.toBody(exception);
    if (body.code === 'service_unavailable')
      this.logger.warn({ err: (exception as Error).message }, 'Database unavailable');
    // A document that could not be made is logged where it failed, with its reference (DocumentRenderer).
    else if (body.statusCode >= 500 && body.code !== 'document_unavailable')
      this.logger.error({ err: exception }, 'Unhandled error');
    // The council API's request log records the code answered.
    response.locals.errorCode = body.code;
    response.status(body.statusCode).type('application/json').json(body);
  }

  private toBody(exception: unknown): ApiErrorBody {
    if (exception instanceof HttpException) {
      const statusCode = exception.getStatus();
      const raw = exception.getResponse();
      const payload = (typeof raw === 'string' ? { message: raw } : raw) as {
        code?: string;
        message?: string | string[];
        errors?: FieldErrorDto[];
        details?: Record<string, unknown>;
      };
      if (statusCode === 400 && !payload.code && isJsonParseFailure(exception)) {
        return { statusCode, code: 'invalid_json', message: 'The request body is not valid JSON' };
      }
      const message = Array.isArray(payload.message)
        ? payload.message.join('; ')
        : (payload.message ?? exception.message);
      return {
        statusCode,
        code: payload.code ?? STATUS_CODES[statusCode] ?? (statusCode >= 500 ? 'internal_error' : 'bad_request'),
        message,
        ...(payload.errors ? { errors: payload.errors } : {}),
        ...(payload.details ? { details: payload.details } : {}),
      };
    }
    if (isBodyParserError(exception)) {
      const statusCode = exception.status ?? HttpStatus.BAD_REQUEST;
      const code =
        exception.type === 'entity.parse.failed' ? 'invalid_json' : (STATUS_CODES[statusCode] ?? 'bad_request');
      if (isUndecodable(exception)) {
        return {
          statusCode,
          code: 'bad_request',
          message: 'The request body is not encoded as its Content-Encoding says',
        };
      }
      return {
        statusCode,
        code,
        message: code === 'invalid_json' ? 'The request body is not valid JSON' : 'Bad request',
      };
    }
    if (isDatabaseUnavailable(exception)) {
      // The database was too busy, restarting or cut off: the request's transaction rolled back whole, and the
      // same request (with its idempotency key, for a payment) may simply be sent again.
      return {
        statusCode: HttpStatus.SERVICE_UNAVAILABLE,
        code: 'service_unavailable',
        message: 'The database could not finish this request just now. Please try again in a moment.',
      };
    }
    if (exception instanceof DocumentRenderError) {
      // That one document could not be made (too slow, too big, or broken); nothing else is affected.
      return {
        statusCode: HttpStatus.SERVICE_UNAVAILABLE,
        code: 'document_unavailable',
        message: 'This document could not be made just now. Please try again in a few minutes.',
      };
    }
    return { statusCode: 500, code: 'internal_error', message: 'Something went wrong on our side. Please try again.' };
  }
}
