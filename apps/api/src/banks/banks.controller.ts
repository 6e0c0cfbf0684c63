import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { BankListDto } from '@councilpay/domain';
import { BanksService } from './banks.service';

@ApiTags('payments')
@Controller('banks')
export class BanksController {
  constructor(private readonly banks: BanksService) {}

  @Get()
  @ApiOperation({ summary: 'FPX banks in display order; offline banks are listed with online: false' })
  list(): Promise<BankListDto> {
    return this.banks.list();
  }
}
