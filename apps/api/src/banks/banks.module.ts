import { Module } from '@nestjs/common';
import { ListBanksHandler } from './queries/list-banks/list-banks.handler';
import { ListBanksHttpController } from './queries/list-banks/list-banks.http.controller';

@Module({ controllers: [ListBanksHttpController], providers: [ListBanksHandler] })
export class BanksModule {}
