import { Module } from '@nestjs/common';
import { GetPublicCouncilHandler } from './queries/get-council/get-public-council.handler';
import { GetPublicCouncilHttpController } from './queries/get-council/get-public-council.http.controller';
import { ListPublicCouncilsHandler } from './queries/list-councils/list-public-councils.handler';
import { ListPublicCouncilsHttpController } from './queries/list-councils/list-public-councils.http.controller';

@Module({
  controllers: [ListPublicCouncilsHttpController, GetPublicCouncilHttpController],
  providers: [ListPublicCouncilsHandler, GetPublicCouncilHandler],
})
export class CouncilsModule {}
