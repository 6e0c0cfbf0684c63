import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import type { RenderedMessage } from './render';

export interface Outgoing {
  notificationId: string;
  recipient: string;
  message: RenderedMessage;
}

/** A way out for one channel. `null` from `transportFor`: no provider configured, use the development sink. */
export interface Transport {
  send(outgoing: Outgoing): Promise<void>;
}

/** Email by SMTP (nodemailer). The Message-ID is the notification's id, so a receiving server can tell a repeat. */
@Injectable()
export class SmtpTransport implements Transport, OnApplicationShutdown {
  private readonly smtp: Transporter | null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.smtp = config.notifications.smtpUrl ? nodemailer.createTransport(config.notifications.smtpUrl) : null;
  }

  get configured(): boolean {
    return this.smtp !== null;
  }

  async send({ notificationId, recipient, message }: Outgoing): Promise<void> {
    if (!this.smtp) throw new Error('SMTP is not configured');
    await this.smtp.sendMail({
      from: this.config.notifications.mailFrom,
      to: recipient,
      subject: message.subject ?? '',
      text: message.text,
      messageId: `<${notificationId}@councilpay.my>`,
      attachments: message.attachments,
    });
  }

  onApplicationShutdown(): void {
    this.smtp?.close();
  }
}

/** SMS through an HTTP provider: POST JSON {to, message, reference} with a bearer token. */
@Injectable()
export class HttpSmsTransport implements Transport {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get configured(): boolean {
    return this.config.notifications.smsUrl !== '';
  }

  async send({ notificationId, recipient, message }: Outgoing): Promise<void> {
    const { smsUrl, smsToken } = this.config.notifications;
    const res = await fetch(smsUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(smsToken ? { Authorization: `Bearer ${smsToken}` } : {}) },
      body: JSON.stringify({ to: recipient, message: message.text, reference: notificationId }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`SMS provider answered HTTP ${res.status}`);
  }
}
