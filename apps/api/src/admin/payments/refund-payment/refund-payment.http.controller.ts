import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AdminRecordRefundResult, AdminRefundPreview } from '@councilpay/domain';
import { ApiError } from '../../../http/api-error';
import type { Principal } from '../../../auth/principal';
import { CurrentUser, StaffMay } from '../../../auth/roles';
import { CorrectPaymentRefundCommand } from '../../../payments/commands/correct-payment-refund/correct-payment-refund.command';
import { DecidePaymentRefundCommand } from '../../../payments/commands/decide-payment-refund/decide-payment-refund.command';
import { RecordPaymentRefundCommand } from '../../../payments/commands/record-payment-refund/record-payment-refund.command';
import { PreviewPaymentRefundQuery } from '../../../payments/queries/preview-payment-refund/preview-payment-refund.query';
import { ReferenceParam } from '../../../payments/reference.param';
import { PaymentScope, refundDecider, type ScopedPayment } from '../payment-scope';
import {
  CorrectRefundRequestDto,
  DeclineRefundRequestDto,
  RecordPaymentRefundRequestDto,
  RefundIdParam,
} from './record-payment-refund.request.dto';

/**
 * Refunds: recorded (made, or awaiting a second officer's approval above the limit), previewed for the
 * confirmation step, approved or declined, corrected. Each route: `_admin`, or a council admin of every council
 * of the payment (one of them only sees it: 403); the commands check the rest under the payment's row lock.
 */
@ApiTags('admin')
@Controller('admin/payments')
export class RefundPaymentHttpController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
    private readonly scope: PaymentScope,
  ) {}

  /** The payment, when the caller may give back its money (404 when they may not see it). */
  private async wholly(principal: Principal, reference: string): Promise<ScopedPayment> {
    const payment = await this.scope.find(principal, reference);
    if (!payment.wholly) {
      throw new ApiError(403, 'forbidden', 'Only an admin of every council of this payment may refund it', {
        councils: payment.councils,
      });
    }
    return payment;
  }

  @Post(':reference/refunds')
  @StaffMay('operate')
  @HttpCode(201)
  @ApiOperation({
    summary:
      'Record money given back: part or all of some items (per item, reverse the bill credit or not), or a duplicate charge; never more than is left; above the approval limit it awaits a second officer',
  })
  async record(
    @CurrentUser() principal: Principal,
    @Param() { reference }: ReferenceParam,
    @Body() body: RecordPaymentRefundRequestDto,
  ): Promise<AdminRecordRefundResult> {
    const payment = await this.wholly(principal, reference);
    return this.commandBus.execute(
      new RecordPaymentRefundCommand(
        reference,
        { id: principal.id, email: principal.email },
        body,
        payment.councils,
        refundDecider(principal),
      ),
    );
  }

  @Post(':reference/refunds/preview')
  @StaffMay('operate')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "What recording this refund would do (the same body, checked the same way): each bill's balance before and after, whether it needs approval; nothing is written",
  })
  async preview(
    @CurrentUser() principal: Principal,
    @Param() { reference }: ReferenceParam,
    @Body() body: RecordPaymentRefundRequestDto,
  ): Promise<AdminRefundPreview> {
    await this.wholly(principal, reference);
    return this.queryBus.execute(new PreviewPaymentRefundQuery(reference, body));
  }

  @Post(':reference/refunds/:refundId/approve')
  @StaffMay('approve')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Approve a refund awaiting approval: it is made now (never by the officer who recorded it)',
  })
  async approve(
    @CurrentUser() principal: Principal,
    @Param() { reference, refundId }: RefundIdParam,
  ): Promise<AdminRecordRefundResult> {
    const payment = await this.wholly(principal, reference);
    return this.commandBus.execute(
      new DecidePaymentRefundCommand(
        reference,
        refundId,
        'approve',
        { id: principal.id, email: principal.email },
        refundDecider(principal),
        payment.councils,
        null,
      ),
    );
  }

  @Post(':reference/refunds/:refundId/decline')
  @StaffMay('approve')
  @HttpCode(200)
  @ApiOperation({ summary: 'Decline a refund awaiting approval: it never counts, and what it held back is free again' })
  async decline(
    @CurrentUser() principal: Principal,
    @Param() { reference, refundId }: RefundIdParam,
    @Body() body: DeclineRefundRequestDto,
  ): Promise<AdminRecordRefundResult> {
    const payment = await this.wholly(principal, reference);
    return this.commandBus.execute(
      new DecidePaymentRefundCommand(
        reference,
        refundId,
        'decline',
        { id: principal.id, email: principal.email },
        refundDecider(principal),
        payment.councils,
        body.reason,
      ),
    );
  }

  @Post(':reference/refunds/:refundId/corrections')
  @StaffMay('approve')
  @HttpCode(201)
  @ApiOperation({
    summary:
      "Correct a refund made by mistake with a reversing entry for its whole amount: the bills' credits it reversed are re-applied, a refunded payment is paid again",
  })
  async correct(
    @CurrentUser() principal: Principal,
    @Param() { reference, refundId }: RefundIdParam,
    @Body() body: CorrectRefundRequestDto,
  ): Promise<AdminRecordRefundResult> {
    const payment = await this.wholly(principal, reference);
    return this.commandBus.execute(
      new CorrectPaymentRefundCommand(
        reference,
        refundId,
        { id: principal.id, email: principal.email },
        refundDecider(principal),
        payment.councils,
        body.reason,
      ),
    );
  }
}
