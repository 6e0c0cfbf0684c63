import { Module } from '@nestjs/common';
import { GetPublicConfigHandler } from './queries/get-public-config/get-public-config.handler';
import { GetPublicConfigHttpController } from './queries/get-public-config/get-public-config.http.controller';

@Module({ controllers: [GetPublicConfigHttpController], providers: [GetPublicConfigHandler] })
export class ConfigurationModule {}
