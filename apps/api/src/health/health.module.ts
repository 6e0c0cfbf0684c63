import { Module } from '@nestjs/common';
import { HealthGauges } from './health-gauges';
import { GetHealthHandler } from './queries/get-health/get-health.handler';
import { GetHealthHttpController } from './queries/get-health/get-health.http.controller';

@Module({ controllers: [GetHealthHttpController], providers: [GetHealthHandler, HealthGauges] })
export class HealthModule {}
