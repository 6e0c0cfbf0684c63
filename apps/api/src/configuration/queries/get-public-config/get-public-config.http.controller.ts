import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { PublicConfigDto } from '@councilpay/domain';
import { GetPublicConfigQuery } from './get-public-config.query';

@ApiTags('configuration')
@Controller('config')
export class GetPublicConfigHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @ApiOperation({ summary: 'Service closed flag, announcement per language, app version, default council' })
  get(): Promise<PublicConfigDto> {
    return this.queryBus.execute(new GetPublicConfigQuery());
  }
}
