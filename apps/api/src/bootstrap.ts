import { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import express from 'express';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import { AppModule } from './app.module';
import { councilWebhooks } from './webhooks/openapi-webhooks';
import { AppConfig, ConfigError, loadConfig } from './config/config';
import { ApiExceptionFilter } from './http/api-exception.filter';
import { compressResponses, serveBuiltApp, servePortalAddresses } from './http/static-assets';
import { HttpDrain } from './http/http-drain';
import { InputGuard } from './http/input-guard';
import { createValidationPipe } from './http/validation';
import { BODY_LIMIT, COUNCIL_API_BODY_LIMIT, SETTLEMENT_BODY_LIMIT } from './http/body-limits';
import { httpMetrics } from './metrics/http-metrics';
import { Metrics } from './metrics/metrics';
import { configureSessions } from './auth/sessions';
import { mountQueueBoard } from './admin/queue-board';

/** Loads the configuration or ends the process with one line naming every bad variable. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv): AppConfig {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(
        `${JSON.stringify({ level: 'fatal', time: new Date().toISOString(), msg: error.message, problems: error.problems })}\n`,
      );
      process.exit(1);
    }
    throw error;
  }
}

export interface ApiOptions {
  /** Where log lines go instead of stdout (tests read them back). */
  logDestination?: DestinationStream;
}

/**
 * The Express application under Nest. Routes match their path exactly, case included: `/api/Auth/login` is
 * not `/api/auth/login`, so no rule keyed on a path can be dodged by spelling it another way.
 */
function expressServer(): express.Express {
  const server = express();
  server.set('case sensitive routing', true);
  server.set('strict routing', false);
  return server;
}

function noStore(_req: express.Request, res: express.Response, next: express.NextFunction): void {
  res.setHeader('Cache-Control', 'no-store');
  next();
}

/** Builds the HTTP application with everything main.ts and the tests share. */
export async function createApi(config: AppConfig, options: ApiOptions = {}): Promise<INestApplication> {
  const app = await NestFactory.create(
    AppModule.forRoot(config, options.logDestination),
    new ExpressAdapter(expressServer()),
    {
      bufferLogs: true,
      // Parsed below, with our limits: JSON objects and arrays only; forms flat (the gateways' own), few fields.
      bodyParser: false,
    },
  );
  app.useLogger(app.get(Logger));
  // First: from the moment shutdown begins, every answer closes its connection.
  app.use(app.get(HttpDrain).middleware);
  app.use(httpMetrics(app.get(Metrics)));
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          // The portal posts the signed payment form to the gateway's page.
          formAction: ["'self'", 'http:', 'https:'],
          imgSrc: ["'self'", 'data:', 'blob:'],
          // Swagger UI and MUI inject inline styles.
          styleSrc: ["'self'", "'unsafe-inline'"],
        },
      },
    }),
  );
  app.use(compressResponses());
  // What the API answers is about someone (a payment, an account, a council's records) unless its route says
  // otherwise (a council's public logo): no cache, the browser's or a proxy's, may keep it.
  app.use('/api', noStore);
  // The settlement route's parser runs first; a body it has parsed is not parsed again.
  app.use('/api/admin/settlements', express.json({ limit: SETTLEMENT_BODY_LIMIT, strict: true }));
  // The council API verifies a signature over the exact bytes received: they are kept as `rawBody`.
  app.use(
    '/api/council',
    express.json({
      limit: COUNCIL_API_BODY_LIMIT,
      strict: true,
      verify: (req, _res, buf) => {
        (req as express.Request & { rawBody?: Buffer }).rawBody = buf;
      },
    }),
  );
  app.use(express.json({ limit: BODY_LIMIT, strict: true }));
  app.use(express.urlencoded({ extended: false, limit: BODY_LIMIT, parameterLimit: 100 }));
  configureSessions(app, config);
  mountQueueBoard(app);
  app.setGlobalPrefix('api');
  app.useGlobalGuards(new InputGuard());
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new ApiExceptionFilter());
  app.enableShutdownHooks();

  const openApi = new DocumentBuilder()
    .setOpenAPIVersion('3.1.0')
    .setTitle('CouncilPay API')
    .setDescription('Search, pay and receipt council bills; the staff console API')
    .setVersion('0.1.0')
    .build();
  SwaggerModule.setup('api/docs', app, () => ({
    ...SwaggerModule.createDocument(app, openApi),
    webhooks: councilWebhooks(),
  }));

  serveBuiltApp(app, '/console', config.consoleDist);
  serveBuiltApp(app, '/', config.portalDist);
  servePortalAddresses(app, config.portalDist);
  return app;
}
