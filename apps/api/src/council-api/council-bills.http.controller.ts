import { Body, Controller, Get, Header, HttpCode, Param, Post, Put, Query, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { Request } from 'express';
import {
  COUNCIL_API_MAX_BATCH,
  IDEMPOTENCY_KEY_HEADER,
  type CouncilBill,
  type CouncilBillBatchResult,
  type CouncilBillWithdrawal,
} from '@councilpay/domain';
import { BillAccountParam, BillPlanTypeQuery, BillTypeParam, CouncilBillBatchDto } from './council-api.request.dto';
import { CouncilBills, requestFingerprint } from './council-bills';
import {
  Council,
  CouncilNote,
  CouncilSigned,
  type CouncilCaller,
  type CouncilRequestNote,
} from './council-signature.guard';

/** The path prefix of the council API (signed requests from councils' own systems). */
export const COUNCIL_API_PREFIX = 'council/v1';

@ApiTags('council')
@Controller(COUNCIL_API_PREFIX)
@CouncilSigned()
export class CouncilBillsHttpController {
  constructor(private readonly bills: CouncilBills) {}

  @Get('me')
  @ApiOperation({ summary: 'Which council and key a signed request is from: a first test of the signing' })
  @ApiOkResponse({ schema: { example: { council: 'mdpg', keyId: 'cpk_4AqzS0d1tVj3lXhE' } } })
  me(@Council() caller: CouncilCaller): { council: string; keyId: string } {
    return { council: caller.councilCode, keyId: caller.keyId };
  }

  @Put('bills/:type')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: `State up to ${COUNCIL_API_MAX_BATCH} bills of one type for your council (by account number): new, changed or unchanged`,
    description:
      "Each bill is read by the type's bill file layout and rules and written all or none by the same writer as a bill file. The same Idempotency-Key with the same body answers the first answer again and writes nothing; with another body, 409.",
  })
  @ApiHeader({ name: IDEMPOTENCY_KEY_HEADER, required: true, example: 'mdpg-compound-2026-11-27-001' })
  @ApiOkResponse({
    schema: {
      example: {
        importId: '0b7f3c52-8d9e-4f11-9a57-3c1f0e2b6d10',
        type: 'compound',
        counts: { new: 1, changed: 0, unchanged: 0, withdrawn: 0, refused: 0, invalid: 0 },
      },
    },
  })
  @ApiBadRequestResponse({
    description: 'idempotency_key_required, idempotency_key_invalid, validation_failed, bad JSON',
  })
  @ApiConflictResponse({ description: 'idempotency_key_reused: the key was used with another body' })
  @ApiPayloadTooLargeResponse({ description: `batch_too_large: more than ${COUNCIL_API_MAX_BATCH} bills` })
  @ApiUnprocessableEntityResponse({
    description:
      'bills_invalid (details.errors: line = the bill’s index, column, value, code) or bills_refused (details.bills: index, accountNo, code); nothing written',
    schema: {
      example: {
        statusCode: 422,
        code: 'bills_invalid',
        message: 'Some bills cannot be read: correct them and send the batch again',
        details: {
          invalid: 1,
          errors: [{ line: 0, column: 'balance_rm', value: '12.345', code: 'amount_too_precise' }],
        },
      },
    },
  })
  async upsert(
    @Council() caller: CouncilCaller,
    @CouncilNote() note: CouncilRequestNote,
    @Param() { type }: BillTypeParam,
    @Body() body: CouncilBillBatchDto,
    @Req() req: Request & { rawBody?: Buffer },
  ): Promise<CouncilBillBatchResult> {
    const fingerprint = requestFingerprint(req.method, req.originalUrl, req.rawBody ?? '');
    const answer = await this.bills.upsert(caller, type, body.bills, req.header(IDEMPOTENCY_KEY_HEADER), fingerprint);
    note.importId = answer.body.importId;
    return answer.body;
  }

  @Post('bills/:type/:accountNo/withdraw')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Withdraw one of your bills (settled at the counter, cancelled): payers no longer find or pay it',
    description:
      'Its row, payments and receipts stay; stated again by PUT, it comes back. Withdrawing it again answers outcome unchanged.',
  })
  @ApiOkResponse({
    schema: {
      example: {
        importId: '2a4d8e61-5b0c-4d3f-8e9a-7f6b1c2d3e4f',
        accountNo: 'KMP2026000123',
        outcome: { outcome: 'withdrawn', balanceBeforeSen: 8000 },
      },
    },
  })
  @ApiNotFoundResponse({ description: 'bill_not_found: your council has no such bill' })
  @ApiConflictResponse({ description: 'payment_at_bank: a payment for it awaits the bank' })
  async withdraw(
    @Council() caller: CouncilCaller,
    @CouncilNote() note: CouncilRequestNote,
    @Param() { type, accountNo }: BillAccountParam,
    @Query() { planType }: BillPlanTypeQuery,
  ): Promise<CouncilBillWithdrawal> {
    const result = await this.bills.withdraw(caller, type, accountNo, planType ?? '');
    note.importId = result.importId;
    return result;
  }

  @Get('bills/:type/:accountNo')
  @ApiOperation({ summary: 'One of your bills as CouncilPay holds it (amounts in sen)' })
  @ApiOkResponse({
    schema: {
      example: {
        type: 'compound',
        accountNo: 'KMP2026000123',
        displayNo: 'KMP-2026-000123',
        planType: '',
        status: 'active',
        ownerName: 'AMINAH BINTI SAPIN',
        balanceSen: 8000,
        minimumPaymentSen: null,
        details: { compoundType: 'individual', offence: 'Membuang sampah di tempat awam' },
        paymentAtBank: false,
        updatedAt: '2026-11-27T02:00:00.000Z',
      },
    },
  })
  @ApiNotFoundResponse({
    description: "bill_not_found: your council has no such bill (another council's is not shown)",
  })
  read(
    @Council() caller: CouncilCaller,
    @Param() { type, accountNo }: BillAccountParam,
    @Query() { planType }: BillPlanTypeQuery,
  ): Promise<CouncilBill> {
    return this.bills.read(caller, type, accountNo, planType ?? '');
  }
}
