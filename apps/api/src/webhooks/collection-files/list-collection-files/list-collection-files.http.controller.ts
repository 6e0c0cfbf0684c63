import { Controller, Get, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { CollectionFileRow } from '@councilpay/domain';
import { sendPage, type ListPage } from '../../../http/list-query';
import type { Principal } from '../../../auth/principal';
import { CurrentUser, StaffMay } from '../../../auth/roles';
import { ListCollectionFilesRequestDto } from '../collection-files.request.dto';
import { ListCollectionFilesQuery } from './list-collection-files.query';

@ApiTags('admin')
@Controller('admin/collection-files')
export class ListCollectionFilesHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @StaffMay('read')
  @ApiOperation({
    summary: "The kept daily collection files of the caller's councils (filters: council, from, to; 31 days back)",
  })
  async list(
    @CurrentUser() principal: Principal,
    @Query() query: ListCollectionFilesRequestDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CollectionFileRow[]> {
    return sendPage(
      res,
      await this.queryBus.execute<ListCollectionFilesQuery, ListPage<CollectionFileRow>>(
        new ListCollectionFilesQuery(principal, query),
      ),
    );
  }
}
