import { Module } from '@nestjs/common';
import { DocumentsModule } from '../documents/documents.module';
import { NotificationDeliverer } from './notification-deliverer';
import { NotificationSweep } from './notification-sweep.service';
import { NotifyProcessor } from './notify.processor';
import { HttpSmsTransport, SmtpTransport } from './transports';

/** The worker side of notifications: renders and sends what commands queued with queueNotification. */
@Module({
  imports: [DocumentsModule],
  providers: [SmtpTransport, HttpSmsTransport, NotificationDeliverer, NotificationSweep, NotifyProcessor],
  exports: [NotificationDeliverer],
})
export class NotificationsWorkerModule {}
