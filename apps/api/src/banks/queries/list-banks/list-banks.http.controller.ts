import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { BankListDto } from '@councilpay/domain';
import { ListBanksQuery } from './list-banks.query';

@ApiTags('payments')
@Controller('banks')
export class ListBanksHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @ApiOperation({ summary: 'FPX banks in display order; offline banks are listed with online: false' })
  list(): Promise<BankListDto> {
    return this.queryBus.execute(new ListBanksQuery());
  }
}
