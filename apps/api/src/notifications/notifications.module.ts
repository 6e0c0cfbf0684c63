import { Module } from '@nestjs/common';
import { NotificationDeliverer } from './notification-deliverer';
import { NotificationSweep } from './notification-sweep.service';
import { NotifyProcessor } from './notify.processor';
import { HttpSmsTransport, SmtpTransport } from './transports';

/** The worker side of notifications: renders and sends what commands queued with queueNotification. */
@Module({
  providers: [SmtpTransport, HttpSmsTransport, NotificationDeliverer, NotificationSweep, NotifyProcessor],
  exports: [NotificationDeliverer],
})
export class NotificationsWorkerModule {}
