import { Module } from '@nestjs/common';
import { NotificationDeliverer } from './notification-deliverer';
import { NotifyProcessor } from './notify.processor';
import { EmailTransport, SmsTransport } from './transports';

/** The worker side of notifications: renders and sends what commands queued with queueNotification. */
@Module({
  providers: [EmailTransport, SmsTransport, NotificationDeliverer, NotifyProcessor],
  exports: [NotificationDeliverer],
})
export class NotificationsWorkerModule {}
