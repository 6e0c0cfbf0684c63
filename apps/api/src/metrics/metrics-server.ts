import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { Metrics } from './metrics';

/**
 * `GET /metrics` in Prometheus's text format on METRICS_PORT, apart from the API's own port (so the Ingress never
 * exposes it and a scrape never waits behind payers). Unset: not served.
 */
@Injectable()
export class MetricsServer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(MetricsServer.name);
  private server: Server | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: Metrics,
  ) {}

  get port(): number | null {
    return (this.server?.address() as AddressInfo | null)?.port ?? null;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.metricsPort === null) return;
    const server = createServer((req, res) => {
      if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') return void res.writeHead(404).end();
      this.metrics.registry
        .metrics()
        .then((text) => {
          res.writeHead(200, { 'content-type': this.metrics.registry.contentType });
          res.end(text);
        })
        .catch((error: unknown) => {
          this.logger.warn({ err: (error as Error).message }, 'Metrics not collected');
          res.writeHead(503).end();
        });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.config.metricsPort!, this.config.host, () => resolve());
    });
    this.server = server;
    this.logger.log({ port: this.port }, 'Metrics listening');
  }

  async beforeApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
