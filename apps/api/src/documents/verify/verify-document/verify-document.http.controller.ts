import { Controller, Get, Param, Req } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { DOCUMENT_VERIFY_PER_ADDRESS, type VerifyResultDto } from '@councilpay/domain';
import { ApiError } from '../../../http/api-error';
import { RateLimiter } from '../../../rate-limit/rate-limiter';
import { VerifyDocumentQuery } from './verify-document.query';

/** Longer than any code we print; anything longer is refused before it is read. */
const MAX_TOKEN_LENGTH = 2100;

@ApiTags('documents')
@Controller('verify')
export class VerifyDocumentHttpController {
  constructor(
    private readonly queryBus: QueryBus,
    private readonly limiter: RateLimiter,
  ) {}

  @Get(':token')
  @ApiOperation({
    summary: 'Check the code printed on a receipt or digital licence',
    description:
      'Public, no sign-in. `authentic` with the facts the council signed when it issued the document (and the payment’s status today, and `refund` when money was given back since), `altered` when the signature does not hold, `unknown` when no document matches. At most 120 checks per address in 10 minutes (429 beyond).',
  })
  async verify(@Param('token') token: string, @Req() req: Request): Promise<VerifyResultDto> {
    if (token.length > MAX_TOKEN_LENGTH)
      throw new ApiError(400, 'validation_failed', 'token is too long', undefined, 'token');
    await this.limiter.take(
      `verify:address:${req.ip ?? 'unknown'}`,
      DOCUMENT_VERIFY_PER_ADDRESS,
      'Too many documents checked from your address. Please wait a while and try again.',
    );
    return this.queryBus.execute(new VerifyDocumentQuery(token));
  }
}
