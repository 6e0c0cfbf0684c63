import { DynamicModule, Module, RequestMethod } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { AppConfig } from '../config/config';

/** Paths never written to logs: credentials, cookies, card data and one-time codes. */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.confirmPassword',
  '*.verificationCode',
  '*.resetId',
];

/** Structured JSON logs (pino) with a request id on every line. */
@Module({})
export class LoggingModule {
  /** `destination`: where the lines go instead of stdout (tests read them back). */
  static forRoot(config: AppConfig, service: string, destination?: DestinationStream): DynamicModule {
    const pinoHttp = {
      level: config.logLevel,
      base: { service },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      genReqId: (req: IncomingMessage) => (req.headers['x-request-id'] as string | undefined) ?? randomUUID(),
      autoLogging: { ignore: (req: IncomingMessage) => req.url === '/api/health' },
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({
          id: req.id,
          method: req.method,
          url: req.url,
        }),
      },
    };
    return {
      module: LoggingModule,
      imports: [
        LoggerModule.forRoot({
          // Express 5 route syntax for "every route" (the default '*' logs a conversion warning at start).
          forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
          pinoHttp: destination ? [pinoHttp, destination] : pinoHttp,
        }),
      ],
    };
  }
}
