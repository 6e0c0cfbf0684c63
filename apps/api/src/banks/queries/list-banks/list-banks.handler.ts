import { Inject, Logger } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { BankListDto } from '@councilpay/domain';
import { buildBankEnquiryRequest, FPX_BANKS, sortBanksForDisplay, verifyBankListResponse } from '@councilpay/fpx';
import { AppConfig } from '../../../config/config';
import { Metrics } from '../../../metrics/metrics';
import { APP_CONFIG } from '../../../config/config.module';
import { ApiError } from '../../../http/api-error';
import { postForm } from '../../../http/gateway-form';
import { RedisService } from '../../../redis/redis.module';
import { ListBanksQuery } from './list-banks.query';

/** A fresh list is asked of FPX at most this often; the last good one is served while FPX cannot answer. */
const FRESH_MS = 5 * 60_000;
const KEEP_S = 24 * 3600;

@QueryHandler(ListBanksQuery)
export class ListBanksHandler implements IQueryHandler<ListBanksQuery, BankListDto> {
  private readonly logger = new Logger(ListBanksHandler.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly redis: RedisService,
    private readonly metrics: Metrics,
  ) {}

  /** FPX's bank list (BE), in the portal's display order, offline banks included and marked. */
  async execute(): Promise<BankListDto> {
    const cacheKey = this.redis.key('fpx-bank-list');
    const cached = await this.cached(cacheKey);
    if (cached && Date.now() - Date.parse(cached.asOf) < FRESH_MS) return cached;
    try {
      const fpx = this.config.gateways.fpx;
      const request = buildBankEnquiryRequest(fpx);
      const body = await this.metrics.gatewayCall('fpx', 'bank_list', () =>
        postForm(request.action, request.body, this.config.gateways.timeoutMs),
      );
      const verified = verifyBankListResponse(body, fpx.exchangePublicKeyPem, { sellerExId: fpx.sellerExId });
      if (!verified.ok) throw new Error(`bank list refused: ${verified.reason}`);
      const known = new Set(FPX_BANKS.map((b) => b.id));
      const fresh: BankListDto = {
        banks: sortBanksForDisplay(verified.message.banks.filter((b) => known.has(b.id))),
        asOf: new Date().toISOString(),
      };
      await this.redis.client.set(cacheKey, JSON.stringify(fresh), 'EX', KEEP_S).catch(() => undefined);
      return fresh;
    } catch (error) {
      this.logger.warn({ err: (error as Error).message }, 'FPX bank enquiry failed');
      if (cached) return cached;
      throw new ApiError(
        502,
        'gateway_unavailable',
        'Online banking is not available just now. Please try again in a few minutes or pay by card.',
      );
    }
  }

  private async cached(key: string): Promise<BankListDto | null> {
    try {
      await this.redis.ensureConnected();
      const raw = await this.redis.client.get(key);
      return raw ? (JSON.parse(raw) as BankListDto) : null;
    } catch {
      return null;
    }
  }
}
