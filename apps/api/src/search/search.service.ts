import { Injectable } from '@nestjs/common';
import { maskIdentity, maskName, normaliseAccountId, type SearchResultDto } from '@councilpay/domain';
import { ApiError } from '../http/api-error';
import { PrismaService } from '../prisma/prisma.service';
import type { Payable } from '../generated/prisma/client';
import { SearchRequestDto } from './search.request.dto';

export function toSearchResult(payable: Payable): SearchResultDto {
  return {
    id: payable.id,
    council: payable.councilCode,
    type: payable.type,
    accountNo: payable.accountNo,
    displayNo: payable.displayNo,
    planType: payable.planType,
    ownerName: maskName(payable.ownerName),
    ownerIdNo: payable.ownerIdNo ? maskIdentity(payable.ownerIdNo) : null,
    address: payable.address,
    balanceSen: payable.balanceSen,
    minimumPaymentSen: payable.minimumPaymentSen,
    status: payable.status,
    paidUntilYear: payable.paidUntilYear,
    paidUntilMonth: payable.paidUntilMonth,
    details: (payable.details ?? {}) as Record<string, unknown>,
    parentId: payable.parentId,
  };
}

@Injectable()
export class SearchService {
  constructor(private readonly prisma: PrismaService) {}

  /** One account by council, type and id (normalised as the spec says), with its dependent items. */
  async search(request: SearchRequestDto): Promise<SearchResultDto[]> {
    const council = await this.prisma.council.findUnique({ where: { code: request.council } });
    if (!council || !council.active) {
      throw new ApiError(422, 'council_unavailable', 'This council is currently not available.');
    }
    if (!council.payableTypes.includes(request.type)) {
      throw new ApiError(422, 'payment_type_unavailable', 'This payment type is currently not available.');
    }
    const accountNo = normaliseAccountId(request.type, request.accountNo);
    if (!accountNo) throw new ApiError(400, 'invalid_account_no', 'Invalid Account No / License No');
    const planType = request.type === 'engineering' ? (request.planType ?? 'ENGINEERING') : '';
    const payable = await this.prisma.payable.findUnique({
      where: {
        councilCode_type_planType_accountNo: { councilCode: council.code, type: request.type, planType, accountNo },
      },
      include: { dependents: { orderBy: { accountNo: 'asc' } } },
    });
    if (!payable) throw new ApiError(404, 'not_found', 'Not Found!');
    return [toSearchResult(payable), ...payable.dependents.map(toSearchResult)];
  }
}
