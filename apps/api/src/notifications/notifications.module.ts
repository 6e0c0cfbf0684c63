import { Module } from '@nestjs/common';
import { DocumentsModule } from '../documents/documents.module';
import { DeliverNotificationJob } from './deliver-notification.job';
import { NotificationDeliverer } from './notification-deliverer';
import { NotificationSweep } from './notification-sweep';
import { NotifyProcessor } from './notify.processor';
import { SweepNotificationsJob } from './sweep-notifications.job';
import { HttpSmsTransport, SmtpTransport } from './transports';

/** The worker side of notifications: renders and sends what commands queued with queueNotification. */
@Module({
  imports: [DocumentsModule],
  providers: [
    SmtpTransport,
    HttpSmsTransport,
    NotificationDeliverer,
    NotificationSweep,
    NotifyProcessor,
    DeliverNotificationJob,
    SweepNotificationsJob,
  ],
  exports: [NotificationDeliverer],
})
export class NotificationsWorkerModule {}
