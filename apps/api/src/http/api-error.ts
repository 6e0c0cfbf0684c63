import { HttpException } from '@nestjs/common';

/** A 4xx with a stable code (an i18n key), an English message and, when useful, details the client acts on. */
export class ApiError extends HttpException {
  constructor(status: number, code: string, message: string, details?: Record<string, unknown>, field?: string) {
    super(
      { code, message, ...(details ? { details } : {}), ...(field ? { errors: [{ field, code, message }] } : {}) },
      status,
    );
  }
}
