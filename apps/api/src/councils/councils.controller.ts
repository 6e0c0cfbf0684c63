import { Controller, Get, Header, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { CouncilDto } from '@councilpay/domain';
import { ApiError } from '../http/api-error';
import { councilMonogramSvg } from './council-monogram';
import { CouncilsService } from './councils.service';

@ApiTags('councils')
@Controller('councils')
export class CouncilsController {
  constructor(private readonly councils: CouncilsService) {}

  @Get()
  @ApiOperation({ summary: 'Every council with its names (ms, en, zh), logo, active flag and payable types' })
  list(): Promise<CouncilDto[]> {
    return this.councils.list();
  }

  @Get(':code/logo.svg')
  @Header('Content-Type', 'image/svg+xml; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=86400')
  @ApiOperation({ summary: "A council's demo logo: a monogram of its code (SVG)" })
  async logo(@Param('code') code: string): Promise<string> {
    const council = await this.councils.find(code);
    if (!council) throw new ApiError(404, 'council_not_found', `No council has the code "${code.slice(0, 20)}"`);
    return councilMonogramSvg(council.code);
  }

  @Get(':code')
  @ApiOperation({ summary: 'One council by code' })
  async find(@Param('code') code: string): Promise<CouncilDto> {
    const council = await this.councils.find(code);
    if (!council) throw new ApiError(404, 'council_not_found', `No council has the code "${code.slice(0, 20)}"`);
    return council;
  }
}
