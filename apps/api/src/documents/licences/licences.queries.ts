import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { Language, LicenceRowDto } from '@councilpay/domain';
import type { Principal } from '../../auth/principal';
import { LicenceDocuments, type LicencePdfResult } from './licence-documents';

/** The licences the signed-in payer has paid. */
export class ListOwnLicencesQuery {
  constructor(readonly principal: Principal) {}
}

/**
 * The digital licence PDF of one of them (made on the first request, then as stored), for a reader of a
 * language (the one the payer paid in when null).
 */
export class GetLicencePdfQuery {
  constructor(
    readonly principal: Principal,
    readonly reference: string,
    readonly language: Language | null,
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

  execute({ principal, reference, language }: GetLicencePdfQuery): Promise<LicencePdfResult> {
    return this.licences.pdf(principal, reference, language);
  }
}
