import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { PublicConfigDto } from '@councilpay/domain';
import { ConfigurationService } from './configuration.service';

@ApiTags('configuration')
@Controller('config')
export class ConfigurationController {
  constructor(private readonly configuration: ConfigurationService) {}

  @Get()
  @ApiOperation({ summary: 'Service closed flag, announcement per language, app version, default council' })
  get(): Promise<PublicConfigDto> {
    return this.configuration.publicConfig();
  }
}
