import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { LicenceRowDto } from '@councilpay/domain';
import type { Principal } from '../../auth/principal';
import { LicenceDocuments, type LicencePdfResult } from './licence-documents';

/** The licences the signed-in payer has paid. */
export class ListOwnLicencesQuery {
  constructor(readonly principal: Principal) {}
}

/** The digital licence PDF of one of them (made on the first request, then as stored). */
export class GetLicencePdfQuery {
  constructor(
    readonly principal: Principal,
    readonly reference: string,
  ) {}
}

@QueryHandler(ListOwnLicencesQuery)
export class ListOwnLicencesHandler implements IQueryHandler<ListOwnLicencesQuery, LicenceRowDto[]> {
  constructor(private readonly licences: LicenceDocuments) {}

  execute({ principal }: ListOwnLicencesQuery): Promise<LicenceRowDto[]> {
    return this.licences.list(principal);
  }
}

@QueryHandler(GetLicencePdfQuery)
export class GetLicencePdfHandler implements IQueryHandler<GetLicencePdfQuery, LicencePdfResult> {
  constructor(private readonly licences: LicenceDocuments) {}

  execute({ principal, reference }: GetLicencePdfQuery): Promise<LicencePdfResult> {
    return this.licences.pdf(principal, reference);
  }
}
