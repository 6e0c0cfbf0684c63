import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { VerifyResultDto } from '@councilpay/domain';
import { ApiError } from '../../../http/api-error';
import { VerifyDocumentQuery } from './verify-document.query';

/** Longer than any code we print; anything longer is refused before it is read. */
const MAX_TOKEN_LENGTH = 2100;

@ApiTags('documents')
@Controller('verify')
export class VerifyDocumentHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get(':token')
  @ApiOperation({
    summary: 'Check the code printed on a receipt or digital licence',
    description:
      'Public, no sign-in. `authentic` with the facts the council signed (and the payment’s status today), `altered` when the signature does not hold, `unknown` when no document matches.',
  })
  async verify(@Param('token') token: string): Promise<VerifyResultDto> {
    if (token.length > MAX_TOKEN_LENGTH)
      throw new ApiError(400, 'validation_failed', 'token is too long', undefined, 'token');
    return this.queryBus.execute(new VerifyDocumentQuery(token));
  }
}
