import { Module } from '@nestjs/common';
import { SearchPayablesHandler } from './queries/search-payables/search-payables.handler';
import { SearchPayablesHttpController } from './queries/search-payables/search-payables.http.controller';

@Module({ controllers: [SearchPayablesHttpController], providers: [SearchPayablesHandler] })
export class SearchModule {}
