import { Controller, Get, Header, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { CouncilDto } from '@councilpay/domain';
import { ApiError } from '../../../http/api-error';
import { councilMonogramSvg } from '../../council-monogram';
import { GetPublicCouncilQuery } from './get-public-council.query';

@ApiTags('councils')
@Controller('councils')
export class GetPublicCouncilHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get(':code/logo.svg')
  @Header('Content-Type', 'image/svg+xml; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=86400')
  @ApiOperation({ summary: "A council's demo logo: a monogram of its code (SVG)" })
  async logo(@Param('code') code: string): Promise<string> {
    return councilMonogramSvg((await this.council(code)).code);
  }

  @Get(':code')
  @ApiOperation({ summary: 'One council by code' })
  find(@Param('code') code: string): Promise<CouncilDto> {
    return this.council(code);
  }

  private async council(code: string): Promise<CouncilDto> {
    const council = await this.queryBus.execute<GetPublicCouncilQuery, CouncilDto | null>(
      new GetPublicCouncilQuery(code),
    );
    if (!council) throw new ApiError(404, 'council_not_found', `No council has the code "${code.slice(0, 20)}"`);
    return council;
  }
}
