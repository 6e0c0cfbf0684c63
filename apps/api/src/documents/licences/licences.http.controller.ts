import { Controller, Get, Param, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { LicenceRowDto } from '@councilpay/domain';
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
  @ApiOperation({
    summary: 'The digital licence of a licence the signed-in payer has paid',
    description:
      'Made on the first request and stored. 409 license_status_not_allowed when its statusl is approved, 409 owner_photo_not_found without the owner’s photo, 404 when it is not the payer’s.',
  })
  async pdf(
    @CurrentUser() principal: Principal,
    @Param('reference') reference: string,
    @Res() res: Response,
  ): Promise<void> {
    if (!/^[\w-]{1,60}$/.test(reference))
      throw new ApiError(400, 'validation_failed', 'reference is not a licence reference', undefined, 'reference');
    const result = await this.queryBus.execute<GetLicencePdfQuery, LicencePdfResult>(
      new GetLicencePdfQuery(principal, reference),
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
