import { Controller, Get, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { HistoryRowDto, Page, PaymentDto } from '@councilpay/domain';
import { ReferenceParam } from '../../../payments/reference.param';
import type { Principal } from '../../../auth/principal';
import { CurrentUser, SignedIn } from '../../../auth/roles';
import { GetOwnPaymentQuery, PaymentHistoryQuery } from './payment-history.query';
import { PaymentHistoryRequestDto } from './payment-history.request.dto';

@ApiTags('me')
@Controller('me/payments')
export class PaymentHistoryHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @SignedIn()
  @ApiOperation({ summary: 'The signed-in user’s payments, one row per bill, newest first, paginated' })
  list(@CurrentUser() principal: Principal, @Query() query: PaymentHistoryRequestDto): Promise<Page<HistoryRowDto>> {
    return this.queryBus.execute(new PaymentHistoryQuery(principal, query.page ?? 1, query.pageSize ?? 20));
  }

  @Get(':reference')
  @SignedIn()
  @ApiOperation({ summary: 'One of the signed-in user’s payments with items and receipt numbers (404 otherwise)' })
  get(@CurrentUser() principal: Principal, @Param() { reference }: ReferenceParam): Promise<PaymentDto> {
    return this.queryBus.execute(new GetOwnPaymentQuery(principal, reference));
  }
}
