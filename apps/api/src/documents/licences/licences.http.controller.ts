import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { isLanguage, type LicenceRowDto } from '@councilpay/domain';
import { ApiError } from '../../http/api-error';
import type { Principal } from '../../auth/principal';
import { CurrentUser, SignedIn } from '../../auth/roles';
import type { LicencePdfResult } from './licence-documents';
import { GetLicencePdfQuery, ListOwnLicencesQuery } from './licences.queries';

const REFUSALS = {
  not_found: [404, 'Not Found!'],
  license_status_not_allowed: [
    409,
    'This license status is not allowed to proceed. Please check with license department.',
  ],
  owner_photo_not_found: [409, 'Unable to print due to owner photo not found. Please check with license department.'],
} as const;

@ApiTags('documents')
@Controller()
export class LicencesHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('me/licences')
  @SignedIn()
  @ApiOperation({
    summary: 'The licences the signed-in payer has paid, with their status and whether they can be printed',
  })
  list(@CurrentUser() principal: Principal): Promise<LicenceRowDto[]> {
    return this.queryBus.execute(new ListOwnLicencesQuery(principal));
  }

  @Get('licences/:reference.pdf')
  @SignedIn()
  @ApiProduces('application/pdf')
  @ApiQuery({ name: 'lang', required: false, enum: ['ms', 'en', 'zh'] })
  @ApiOperation({
    summary: 'The digital licence of a licence the signed-in payer has paid',
    description:
      'Made on the first request in each language and stored. In Malay, the licence’s own language; in English or Chinese, the Malay text with that language beside it, the Malay prevailing. In `lang`, else in the language the payer paid in. 400 for another `lang`; 409 license_status_not_allowed when its statusl is approved, 409 owner_photo_not_found without the owner’s photo, 404 when it is not the payer’s.',
  })
  async pdf(
    @CurrentUser() principal: Principal,
    @Param('reference') reference: string,
    @Query('lang') lang: unknown,
    @Res() res: Response,
  ): Promise<void> {
    if (lang !== undefined && !isLanguage(lang))
      throw new ApiError(400, 'validation_failed', 'lang must be one of ms, en, zh', undefined, 'lang');
    if (!/^[\w-]{1,60}$/.test(reference))
      throw new ApiError(400, 'validation_failed', 'reference is not a licence reference', undefined, 'reference');
    const result = await this.queryBus.execute<GetLicencePdfQuery, LicencePdfResult>(
      new GetLicencePdfQuery(principal, reference, isLanguage(lang) ? lang : null),
    );
    if (!result.ok) {
      const [status, message] = REFUSALS[result.reason];
      throw new ApiError(status, result.reason, message);
    }
    res
      .status(200)
      .set({
        'Content-Type': 'application/pdf',
        'Content-Disposition': `inline; filename="${result.filename}"`,
        'Cache-Control': 'private, no-store',
        'Content-Length': String(result.pdf.length),
      })
      .end(result.pdf);
  }
}
