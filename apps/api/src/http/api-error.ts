import { HttpException } from '@nestjs/common';

/** A 4xx with a stable code (an i18n key) and an English message. */
export class ApiError extends HttpException {
  constructor(status: number, code: string, message: string) {
    super({ code, message }, status);
  }
}
