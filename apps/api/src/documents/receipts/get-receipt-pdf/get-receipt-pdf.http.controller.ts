import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiHeader, ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { isLanguage, PAYMENT_TOKEN_HEADER } from '@councilpay/domain';
import { ApiError } from '../../../http/api-error';
import type { Principal } from '../../../auth/principal';
import { CurrentUser } from '../../../auth/roles';
import { PaymentCapability, paymentNotFound, PaymentToken } from '../../../payments/capability';
import { ReferenceParam } from '../../../payments/reference.param';
import type { ReceiptPdfResult } from '../receipt-documents';
import { GetReceiptPdfQuery } from './get-receipt-pdf.query';

@ApiTags('documents')
@Controller('payments')
export class GetReceiptPdfHttpController {
  constructor(
    private readonly queryBus: QueryBus,
    private readonly capability: PaymentCapability,
  ) {}

  @Get(':reference/receipt.pdf')
  @ApiHeader({ name: PAYMENT_TOKEN_HEADER, required: false, description: 'the token the payment’s creation gave' })
  @ApiQuery({ name: 'lang', required: false, enum: ['ms', 'en', 'zh'] })
  @ApiProduces('application/pdf')
  @ApiOperation({
    summary: 'The PDF receipt of a paid payment',
    description:
      'Whoever holds the reference gets it, as the receipt page shows it: the payer’s name is masked unless the caller holds the payment’s token or owns it. In the payer’s language unless `lang` is given. 409 receipt_not_ready before the payment is paid.',
  })
  async get(
    @Param() { reference }: ReferenceParam,
    @Query('lang') lang: unknown,
    @PaymentToken() token: string | null,
    @Res() res: Response,
    @CurrentUser() user?: Principal,
  ): Promise<void> {
    if (lang !== undefined && !isLanguage(lang))
      throw new ApiError(400, 'validation_failed', 'lang must be one of ms, en, zh', undefined, 'lang');
    const view = await this.capability.viewOf(reference, token, user);
    if (!view) throw paymentNotFound();
    const result = await this.queryBus.execute<GetReceiptPdfQuery, ReceiptPdfResult>(
      new GetReceiptPdfQuery(reference, isLanguage(lang) ? lang : null, view),
    );
    if (!result.ok) {
      if (result.reason === 'not_found') throw paymentNotFound();
      throw new ApiError(409, 'receipt_not_ready', 'A receipt is available only after the payment is successful.');
    }
    res
      .status(200)
      .set({
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${result.filename}"`,
        'Cache-Control': 'private, no-store',
        'Content-Length': String(result.pdf.length),
      })
      .end(result.pdf);
  }
}
