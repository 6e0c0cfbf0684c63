import { Controller, Get, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AdminPaymentRow } from '@councilpay/domain';
import type { Principal } from '../../../identity/principal';
import { CurrentUser, Roles } from '../../../identity/roles';
import { sendPage, type ListPage } from '../../list-query';
import { ListPaymentsQuery } from './list-payments.query';
import { ListPaymentsRequestDto } from './list-payments.request.dto';

@ApiTags('admin')
@Controller('admin/payments')
export class ListPaymentsHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @Roles('council_admin')
  @ApiOperation({ summary: 'Payments (filters council, status, method, reference, from, to); X-Total-Count' })
  async list(
    @CurrentUser() principal: Principal,
    @Query() query: ListPaymentsRequestDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AdminPaymentRow[]> {
    return sendPage(
      res,
      await this.queryBus.execute<ListPaymentsQuery, ListPage<AdminPaymentRow>>(
        new ListPaymentsQuery(principal, query),
      ),
    );
  }
}
