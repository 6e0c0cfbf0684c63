import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { Principal } from '../../../auth/principal';
import { CurrentUser, StaffMay } from '../../../auth/roles';
import { ExportPaymentsRequestDto } from './export-payments.request.dto';
import { ExportPaymentsService } from './export-payments.service';

@ApiTags('admin')
@Controller('admin')
export class ExportPaymentsHttpController {
  constructor(private readonly exporter: ExportPaymentsService) {}

  @Get('payments.csv')
  @StaffMay('read')
  @ApiProduces('text/csv')
  @ApiOperation({
    summary:
      "The payments list as CSV (the list's filters; a council admin's councils only): UTF-8 with BOM, RM with 2 decimals, DD/MM/YYYY Malaysian time, refunded amounts; streamed",
  })
  async export(
    @CurrentUser() principal: Principal,
    @Query() query: ExportPaymentsRequestDto,
    @Res() res: Response,
  ): Promise<void> {
    await this.exporter.stream(principal, query, res);
  }
}
