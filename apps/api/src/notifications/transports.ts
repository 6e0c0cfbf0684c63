import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { PrismaService } from '../prisma/prisma.service';
import type { RenderedMessage } from './render';

export interface Outgoing {
  notificationId: string;
  recipient: string;
  message: RenderedMessage;
}

/**
 * Email: SMTP through nodemailer when SMTP_URL is set; otherwise the development sink (the SinkMessage table
 * and a log line without the text). The Message-ID is the notification's id, so a receiving server can tell
 * a repeat.
 */
@Injectable()
export class EmailTransport implements OnModuleDestroy {
  private readonly logger = new Logger(EmailTransport.name);
  private readonly smtp: Transporter | null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly prisma: PrismaService,
  ) {
    this.smtp = config.notifications.smtpUrl ? nodemailer.createTransport(config.notifications.smtpUrl) : null;
  }

  async send({ notificationId, recipient, message }: Outgoing): Promise<void> {
    if (!this.smtp) {
      await this.prisma.sinkMessage.create({
        data: { notificationId, channel: 'email', recipient, subject: message.subject, body: message.text },
      });
      this.logger.log({ notificationId, channel: 'email', sink: true }, 'Email written to the development sink');
      return;
    }
    await this.smtp.sendMail({
      from: this.config.notifications.mailFrom,
      to: recipient,
      subject: message.subject ?? '',
      text: message.text,
      messageId: `<${notificationId}@councilpay.my>`,
      attachments: message.attachments,
    });
  }

  onModuleDestroy(): void {
    this.smtp?.close();
  }
}

/** SMS: an HTTP provider (POST JSON {to, message} with a bearer token) when SMS_URL is set; otherwise the sink. */
@Injectable()
export class SmsTransport {
  private readonly logger = new Logger(SmsTransport.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly prisma: PrismaService,
  ) {}

  async send({ notificationId, recipient, message }: Outgoing): Promise<void> {
    const { smsUrl, smsToken } = this.config.notifications;
    if (!smsUrl) {
      await this.prisma.sinkMessage.create({ data: { notificationId, channel: 'sms', recipient, body: message.text } });
      this.logger.log({ notificationId, channel: 'sms', sink: true }, 'SMS written to the development sink');
      return;
    }
    const res = await fetch(smsUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(smsToken ? { Authorization: `Bearer ${smsToken}` } : {}) },
      body: JSON.stringify({ to: recipient, message: message.text, reference: notificationId }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`SMS provider answered HTTP ${res.status}`);
  }
}
