import { BeforeApplicationShutdown, Global, Injectable, Logger, Module } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { NextFunction, Request, Response } from 'express';
import type { Server } from 'node:http';

/**
 * Lets the API stop in seconds on SIGTERM while clients keep their connections busy. Nest closes the HTTP server
 * last, and Node's close() ends only the connections idle at that instant: a client reusing its keep-alive
 * connections (a gateway delivering callbacks, a load balancer) kept the process serving until the orchestrator
 * killed it mid-request. From the first shutdown hook on, every answer says `Connection: close` (the connection
 * ends once its answer is sent), idle connections are closed, and long-lived answers (the live status stream)
 * are ended: browsers and gateways reconnect to another process.
 */
@Injectable()
export class HttpDrain implements BeforeApplicationShutdown {
  private readonly logger = new Logger(HttpDrain.name);
  private draining = false;
  private readonly stops = new Set<() => void>();

  constructor(private readonly adapterHost: HttpAdapterHost) {}

  /** Express middleware: once draining, each answer closes its connection. */
  readonly middleware = (_req: Request, res: Response, next: NextFunction): void => {
    if (this.draining) res.setHeader('Connection', 'close');
    next();
  };

  /** `stop` ends a long-lived answer when the process drains; the function returned forgets it. */
  whenDraining(stop: () => void): () => void {
    if (this.draining) {
      stop();
      return () => undefined;
    }
    this.stops.add(stop);
    return () => this.stops.delete(stop);
  }

  beforeApplicationShutdown(): void {
    this.draining = true;
    const streams = this.stops.size;
    for (const stop of [...this.stops]) stop();
    this.stops.clear();
    const server = this.adapterHost.httpAdapter?.getHttpServer() as Server | undefined;
    server?.closeIdleConnections?.();
    this.logger.log({ streams }, 'Draining: connections close after their answer');
  }
}

@Global()
@Module({ providers: [HttpDrain], exports: [HttpDrain] })
export class HttpDrainModule {}
