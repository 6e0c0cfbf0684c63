import { Controller, Get, Param, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { CollectionFileFormat } from '@councilpay/domain';
import type { Principal } from '../../../auth/principal';
import { CurrentUser, StaffMay } from '../../../auth/roles';
import { CollectionFileTargetDto } from '../collection-files.request.dto';
import { GetCollectionFileQuery, type KeptCollectionFile } from './get-collection-file.query';

/** The header that carries a file's SHA-256 (hex), to check the download against. */
export const SHA256_HEADER = 'X-Content-SHA256';

@ApiTags('admin')
@Controller('admin/collection-files')
export class GetCollectionFileHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get(':council/:day/:format')
  @StaffMay('read')
  @ApiProduces('text/csv', 'application/jsonl')
  @ApiOperation({ summary: 'A kept daily collection file (csv or jsonl), as kept; its SHA-256 in X-Content-SHA256' })
  async download(
    @CurrentUser() principal: Principal,
    @Param() { council, day, format }: CollectionFileTargetDto,
    @Res() res: Response,
  ): Promise<void> {
    const file = await this.queryBus.execute<GetCollectionFileQuery, KeptCollectionFile>(
      new GetCollectionFileQuery({ staff: principal }, council, day, format),
    );
    sendCollectionFile(res, council, day, format, file);
  }
}

/** A kept file as it was kept, named for its council and day, its SHA-256 in a header to check it against. */
export function sendCollectionFile(
  res: Response,
  council: string,
  day: string,
  format: CollectionFileFormat,
  file: KeptCollectionFile,
): void {
  res.setHeader('Content-Type', format === 'csv' ? 'text/csv; charset=utf-8' : 'application/jsonl; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="collection-${council}-${day}.${format}"`);
  res.setHeader(SHA256_HEADER, file.sha256);
  res.setHeader('Access-Control-Expose-Headers', SHA256_HEADER);
  res.setHeader('Cache-Control', 'no-store');
  res.end(file.content);
}
