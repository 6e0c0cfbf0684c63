import { Controller, MessageEvent, Param, Sse } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { isFinal, type PaymentState } from '@councilpay/domain';
import { Observable } from 'rxjs';
import { paymentNotFound } from '../../payments/capability';
import { ReferenceParam } from '../../payments/reference.param';
import { PrismaService } from '../../prisma/prisma.service';
import { PaymentChanges } from './payment-changes';

/** A comment line this often keeps proxies from closing a quiet stream, and re-reads the status as a safety net. */
const KEEPALIVE_MS = 15_000;

@ApiTags('payments')
@Controller('payments')
export class PaymentEventsHttpController {
  constructor(
    private readonly prisma: PrismaService,
    private readonly changes: PaymentChanges,
  ) {}

  @Sse(':reference/events')
  @ApiOperation({
    summary: 'The status of a payment as it changes (text/event-stream)',
    description:
      'Sends `status` events ({status}) at once and on every change; ends after a final status. Holds no payer data: the reference alone is enough, as for the status itself. Readers fall back to polling when it drops.',
  })
  async events(@Param() { reference }: ReferenceParam): Promise<Observable<MessageEvent>> {
    const found = await this.prisma.payment.findUnique({ where: { reference }, select: { status: true } });
    if (!found) throw paymentNotFound();
    return new Observable<MessageEvent>((subscriber) => {
      let last: PaymentState | null = null;
      let unsubscribe: (() => void) | null = null;
      let done = false;
      const send = async () => {
        if (done) return;
        const row = await this.prisma.payment.findUnique({ where: { reference }, select: { status: true } });
        if (!row || done) return;
        if (row.status !== last) {
          last = row.status;
          subscriber.next({ type: 'status', data: { status: row.status } });
        }
        if (isFinal(row.status)) {
          done = true;
          subscriber.complete();
        }
      };
      const sendSafely = () => void send().catch((error: unknown) => subscriber.error(error));
      const timer = setInterval(sendSafely, KEEPALIVE_MS);
      void this.changes.subscribe(reference, sendSafely).then((off) => {
        if (done) off();
        else unsubscribe = off;
        sendSafely();
      });
      return () => {
        done = true;
        clearInterval(timer);
        unsubscribe?.();
      };
    });
  }
}
