import { Module } from '@nestjs/common';
import { GetHealthHandler } from './queries/get-health/get-health.handler';
import { GetHealthHttpController } from './queries/get-health/get-health.http.controller';

@Module({ controllers: [GetHealthHttpController], providers: [GetHealthHandler] })
export class HealthModule {}
