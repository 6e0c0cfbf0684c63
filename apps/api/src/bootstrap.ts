import { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import express from 'express';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { AppModule } from './app.module';
import { AppConfig, ConfigError, loadConfig } from './config/config';
import { ApiExceptionFilter } from './http/api-exception.filter';
import { createValidationPipe } from './http/validation';
import { configureSessions } from './identity/sessions';
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

/** Serves a built single-page app (hash routes: only files and index.html). */
function serveStatic(app: INestApplication, mount: string, dir: string): void {
  if (!dir || !existsSync(join(dir, 'index.html'))) return;
  app.use(mount, express.static(dir, { index: 'index.html', maxAge: '1h', setHeaders: noCacheForHtml }));
}

function noCacheForHtml(res: express.Response, path: string): void {
  if (path.endsWith('.html')) res.setHeader('Cache-Control', 'no-cache');
}

export interface ApiOptions {
  /** Where log lines go instead of stdout (tests read them back). */
  logDestination?: DestinationStream;
}

/** Builds the HTTP application with everything main.ts and the tests share. */
export async function createApi(config: AppConfig, options: ApiOptions = {}): Promise<INestApplication> {
  const app = await NestFactory.create(AppModule.forRoot(config, options.logDestination), { bufferLogs: true });
  app.useLogger(app.get(Logger));
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
  configureSessions(app, config);
  mountQueueBoard(app);
  app.setGlobalPrefix('api');
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new ApiExceptionFilter());
  app.enableShutdownHooks();

  const openApi = new DocumentBuilder()
    .setTitle('CouncilPay API')
    .setDescription('Search, pay and receipt council bills; the staff console API')
    .setVersion('0.1.0')
    .build();
  SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, openApi));

  serveStatic(app, '/console', config.consoleDist);
  serveStatic(app, '/', config.portalDist);
  return app;
}
