import { Controller, Get, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AdminPaymentRow } from '@councilpay/domain';
import type { Principal } from '../../../auth/principal';
import { CurrentUser, StaffMay } from '../../../auth/roles';
import { sendCappedPage, type CappedPage } from '../../../http/list-query';
import { ListPaymentsQuery } from './list-payments.query';
import { ListPaymentsRequestDto } from './list-payments.request.dto';

@ApiTags('admin')
@Controller('admin/payments')
export class ListPaymentsHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @StaffMay('read')
  @ApiOperation({
    summary:
      'Payments (filters council, status, method, bank, reference, invoiceNo, payerEmail, payerPhone, accountNo, late, refundDue, from, to, paidFrom, paidTo)',
    description: 'X-Total-Count when fewer than 10,000 match; X-Has-Next-Page always',
  })
  async list(
    @CurrentUser() principal: Principal,
    @Query() query: ListPaymentsRequestDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AdminPaymentRow[]> {
    return sendCappedPage(
      res,
      await this.queryBus.execute<ListPaymentsQuery, CappedPage<AdminPaymentRow>>(
        new ListPaymentsQuery(principal, query),
      ),
    );
  }
}
