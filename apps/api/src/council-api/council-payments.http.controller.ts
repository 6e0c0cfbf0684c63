import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsIn, Matches } from 'class-validator';
import type { Response } from 'express';
import { COLLECTION_FILE_FORMATS, type CollectionFileFormat, type CouncilFeedPage } from '@councilpay/domain';
import { sendCollectionFile } from '../webhooks/collection-files/get-collection-file/get-collection-file.http.controller';
import {
  GetCollectionFileQuery,
  type KeptCollectionFile,
} from '../webhooks/collection-files/get-collection-file/get-collection-file.query';
import { PullCouncilFeedRequestDto } from '../webhooks/council-feed/pull-council-feed.http.controller';
import { PullCouncilFeedQuery } from '../webhooks/council-feed/pull-council-feed.query';
import { COUNCIL_API_PREFIX } from './council-bills.http.controller';
import { Council, CouncilSigned, type CouncilCaller } from './council-signature.guard';

/** A Malaysian day and a format: one of the caller's council's kept collection files. */
export class CouncilCollectionFileDto {
  @ApiProperty({ example: '2026-11-26', description: 'the Malaysian day (YYYY-MM-DD)' })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'day must be YYYY-MM-DD' })
  day: string;

  @ApiProperty({ enum: COLLECTION_FILE_FORMATS })
  @IsIn(COLLECTION_FILE_FORMATS, { message: `format must be one of ${COLLECTION_FILE_FORMATS.join(', ')}` })
  format: CollectionFileFormat;
}

/**
 * Payments out for a council's own system, signed like every council route: its credits and refunds after a
 * cursor (for systems that cannot receive webhooks) and its daily collection files. The council is always the
 * signing key's: a key reads nothing of another council.
 */
@ApiTags('council')
@Controller(COUNCIL_API_PREFIX)
@CouncilSigned()
export class CouncilPaymentsHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('feed')
  @ApiOperation({
    summary:
      "Your council's credits and refunds (bill.credited, refund.made) after a cursor, oldest first; keep nextCursor " +
      'and ask again with after=nextCursor: nothing is skipped or repeated while payments are being credited',
  })
  @ApiOkResponse({
    schema: {
      example: {
        events: [
          {
            id: 'evt_01JDQ3ZC6V4T6M0W2X9Y8B7A5E',
            type: 'bill.credited',
            version: 1,
            createdAt: '2026-11-26T03:14:07.000Z',
            council: 'mdpg',
            cursor: '78123-41',
            data: { receiptNo: 'MDPG2611260001', accountNo: 'AC12345', payableType: 'assessment', amountSen: 28707 },
          },
        ],
        nextCursor: '78123-41',
        hasMore: false,
      },
    },
  })
  feed(
    @Council() caller: CouncilCaller,
    @Query() { after, limit }: PullCouncilFeedRequestDto,
  ): Promise<CouncilFeedPage> {
    return this.queryBus.execute(
      new PullCouncilFeedQuery({ councilSystem: caller.councilCode }, caller.councilCode, after, limit),
    );
  }

  @Get('collection-files/:day/:format')
  @ApiProduces('text/csv', 'application/jsonl')
  @ApiOperation({
    summary:
      "Your council's daily collection file of a Malaysian day (csv or jsonl), byte for byte as kept; its SHA-256 " +
      'in X-Content-SHA256 (404 collection_file_not_made until the day is over and its grace has passed)',
  })
  async collectionFile(
    @Council() caller: CouncilCaller,
    @Param() { day, format }: CouncilCollectionFileDto,
    @Res() res: Response,
  ): Promise<void> {
    const file = await this.queryBus.execute<GetCollectionFileQuery, KeptCollectionFile>(
      new GetCollectionFileQuery({ councilSystem: caller.councilCode }, caller.councilCode, day, format),
    );
    sendCollectionFile(res, caller.councilCode, day, format, file);
  }
}
