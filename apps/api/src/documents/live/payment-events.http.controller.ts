import { Controller, Get, Inject, Logger, Param, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { isFinal, type PaymentState } from '@councilpay/domain';
import { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';
import { ApiError } from '../../http/api-error';
import { paymentNotFound } from '../../payments/capability';
import { ReferenceParam } from '../../payments/reference.param';
import { HttpDrain } from '../../http/http-drain';
import { PrismaService } from '../../prisma/prisma.service';
import { tooManyRequests } from '../../rate-limit/rate-limiter';
import { LiveStreams } from './live-streams';
import { PaymentChanges } from './payment-changes';

/** How long a browser waits before it opens a stream again after one ended idle or was refused. */
const RETRY_AFTER_MS = 60_000;

@ApiTags('payments')
@Controller('payments')
export class PaymentEventsHttpController {
  private readonly logger = new Logger(PaymentEventsHttpController.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly changes: PaymentChanges,
    private readonly streams: LiveStreams,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly drain: HttpDrain,
  ) {}

  @Get(':reference/events')
  @ApiProduces('text/event-stream')
  @ApiOperation({
    summary: 'The status of a payment as it changes (text/event-stream)',
    description:
      'Sends `status` events ({status}) at once and on every change, and a comment line (`: keep-alive`) every LIVE_STREAM_KEEPALIVE_MS; ends after a final status, or after LIVE_STREAM_IDLE_MS without a change. Holds no payer data: the reference alone is enough, as for the status itself. At most LIVE_STREAMS_PER_ADDRESS streams per address and LIVE_STREAMS_PER_PAYMENT per payment are open at once (429 beyond), LIVE_STREAMS_MAX in all (503 beyond). Readers fall back to polling when it drops or is refused.',
  })
  async events(@Param() { reference }: ReferenceParam, @Req() req: Request, @Res() res: Response): Promise<void> {
    const lease = this.streams.take(req.ip ?? 'unknown', reference);
    if (typeof lease === 'string') res.setHeader('Retry-After', String(RETRY_AFTER_MS / 1000));
    if (lease === 'full') {
      throw new ApiError(503, 'service_unavailable', 'Too many live updates are open; the page checks by itself.');
    }
    if (lease === 'address' || lease === 'payment') {
      throw tooManyRequests(
        lease === 'address'
          ? 'Too many live updates are open from your address; the page checks by itself.'
          : 'Too many live updates are open for this payment; the page checks by itself.',
        RETRY_AFTER_MS,
      );
    }
    let found: { status: PaymentState } | null;
    try {
      found = await this.prisma.payment.findUnique({ where: { reference }, select: { status: true } });
    } catch (error) {
      lease.release();
      throw error;
    }
    if (!found) {
      lease.release();
      throw paymentNotFound();
    }

    const { keepAliveMs, idleMs } = this.config.liveStreams;
    res.status(200).set({
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      // A proxy must pass each event on at once, not buffer the stream.
      'X-Accel-Buffering': 'no',
    });
    res.flushHeaders();
    // A browser whose stream ended reconnects only after this long (it polls meanwhile).
    res.write(`retry: ${RETRY_AFTER_MS}\n\n`);

    let last: PaymentState | null = null;
    let lastSentAt = Date.now();
    let done = false;
    let unsubscribe: (() => void) | null = null;
    let forgetDrain: () => void = () => undefined;
    const end = () => {
      if (done) return;
      done = true;
      clearInterval(keepAlive);
      forgetDrain();
      unsubscribe?.();
      lease.release();
      res.end();
    };
    const send = async () => {
      if (done) return;
      const row = await this.prisma.payment.findUnique({ where: { reference }, select: { status: true } });
      if (!row || done) return;
      if (row.status !== last) {
        last = row.status;
        lastSentAt = Date.now();
        res.write(`event: status\ndata: ${JSON.stringify({ status: row.status })}\n\n`);
      }
      if (isFinal(row.status)) end();
    };
    const sendSafely = () =>
      void send().catch((error: unknown) => {
        this.logger.warn({ reference, err: (error as Error).message }, 'Live status stream ended on an error');
        end();
      });
    // A comment line keeps proxies from closing a quiet stream, and the status is read again as a safety net
    // (a NOTIFY lost while the listener reconnected). Quiet for too long: the stream ends.
    const keepAlive = setInterval(() => {
      if (done) return;
      if (Date.now() - lastSentAt >= idleMs) return end();
      res.write(': keep-alive\n\n');
      sendSafely();
    }, keepAliveMs);
    req.on('close', end);
    res.on('error', end);
    // The process is stopping: the browser reconnects (to another process) after its retry.
    forgetDrain = this.drain.whenDraining(end);
    unsubscribe = await this.changes.subscribe(reference, sendSafely);
    if (done) unsubscribe();
    sendSafely();
  }
}
