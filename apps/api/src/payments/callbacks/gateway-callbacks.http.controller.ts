import { Body, Controller, Header, HttpCode, Inject, Logger, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { LANGUAGES } from '@councilpay/domain';
import { messageTexts } from '@councilpay/i18n';
import { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';
import { ApiError } from '../../http/api-error';
import { RateLimiter } from '../../rate-limit/rate-limiter';
import { CallbackResult, GatewayCallbacks } from './gateway-callbacks';

/** Shown when the browser brings back a gateway message that does not verify (rare: tampering or a bug). */
/** The payer's language is not known here: the page says it in all three (texts from libs/i18n). */
const INVALID_RETURN_PAGE = (href: string) => `<!doctype html><html lang="ms"><head><meta charset="utf-8">
<meta http-equiv="refresh" content="5;url=${href}"><title>CouncilPay</title></head><body>
${LANGUAGES.map((lang) => `<p lang="${lang}">${messageTexts(lang).gateway_return_invalid}</p>`).join('')}
<p><a href="${href}">OK</a></p></body></html>`;

/**
 * The routes gateways call. Bodies are form-encoded gateway messages, read as plain records and checked by
 * libs/fpx (single-valued fields, required fields, signature, and that they match the payment they name).
 */
@ApiExcludeController()
@Controller('gateways')
export class GatewayCallbacksHttpController {
  private readonly logger = new Logger(GatewayCallbacksHttpController.name);

  constructor(
    private readonly callbacks: GatewayCallbacks,
    private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Gateway messages per source address and minute (GATEWAY_RATE_PER_MINUTE): generous for a gateway's
   * bursts of callbacks, but a flood of forged messages from one address is cut off before any checksum
   * work. Without Redis the limit cannot be counted and the message is let through: a real answer must
   * never be lost to an outage.
   */
  private async limit(req: Request): Promise<void> {
    try {
      await this.limiter.take(
        `gateway:address:${req.ip ?? 'unknown'}`,
        [this.config.gateways.messagesPerMinute, 60_000],
        'Too many gateway messages from this address',
      );
    } catch (error) {
      if (error instanceof ApiError) throw error;
      this.logger.warn({ err: (error as Error).message }, 'Gateway rate limit not counted');
    }
  }

  /** FPX direct AC, server to server: answered `OK` once applied. */
  @Post('fpx/direct')
  @HttpCode(200)
  @Header('Content-Type', 'text/plain; charset=utf-8')
  async fpxDirect(@Body() body: Record<string, unknown>, @Req() req: Request): Promise<string> {
    await this.limit(req);
    return this.serverAnswer(await this.callbacks.fpxConfirmation(body ?? {}, 'callback'));
  }

  /** FPX indirect AC: the payer's browser, back from the bank. Moves nothing: redirects and asks the bank. */
  @Post('fpx/indirect')
  async fpxIndirect(@Body() body: Record<string, unknown>, @Req() req: Request, @Res() res: Response): Promise<void> {
    await this.limit(req);
    this.browserAnswer(await this.callbacks.fpxConfirmation(body ?? {}, 'browser'), res);
  }

  /** Card gateway, server to server. */
  @Post('card/callback')
  @HttpCode(200)
  @Header('Content-Type', 'text/plain; charset=utf-8')
  async cardCallback(@Body() body: Record<string, unknown>, @Req() req: Request): Promise<string> {
    await this.limit(req);
    return this.serverAnswer(await this.callbacks.cardResponse(body ?? {}, 'callback'));
  }

  /** Card gateway: the payer's browser, back from the card page. Moves nothing: redirects and asks the gateway. */
  @Post('card/return')
  async cardReturn(@Body() body: Record<string, unknown>, @Req() req: Request, @Res() res: Response): Promise<void> {
    await this.limit(req);
    this.browserAnswer(await this.callbacks.cardResponse(body ?? {}, 'browser'), res);
  }

  private serverAnswer(result: CallbackResult): string {
    if (!result.ok) throw new ApiError(400, 'invalid_gateway_message', `Message refused: ${result.code}`);
    return 'OK';
  }

  /**
   * A verified return goes to its receipt. A refused one gets one generic page that names no payment: anyone
   * can post an invoice number (they are sequential), and the page must not turn it into a reference.
   */
  private browserAnswer(result: CallbackResult, res: Response): void {
    if (result.ok) {
      res.redirect(303, this.callbacks.receiptUrl(result.reference, result.councils));
      return;
    }
    res
      .status(400)
      .type('html')
      .send(INVALID_RETURN_PAGE(this.callbacks.receiptUrl(null)));
  }
}
