import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { councilName, DEFAULT_LANGUAGE, type DayCloseReport } from '@councilpay/domain';
import { dayCloseDefinition } from '@councilpay/documents';
import type { Principal } from '../../../auth/principal';
import { CurrentUser, StaffMay } from '../../../auth/roles';
import { DocumentRenderer } from '../../../documents/rendering/document-renderer';
import { PrintableImages } from '../../../documents/rendering/printable-images';
import { PrismaService } from '../../../prisma/prisma.service';
import { DayCloseTargetDto } from '../../../money/day-close.request.dto';
import { GetDayCloseQuery } from '../get-day-close/get-day-close.query';
import { dayCloseCsv } from './day-close-csv';
import { ExportDayCloseRequestDto } from './export-day-close.request.dto';

/**
 * The day's close to keep: the report as the screen shows it, as a PDF (with the council's logo) or CSV. The PDF
 * is made as receipts and licences are: the logo as the PNG PrintableImages draws from the stored image (an image
 * stored as an SVG before images were stored as PNGs, handed to the PDF library as it was, printed black wherever
 * its colours were CSS colours the library cannot read), rendered in the render pool.
 */
@ApiTags('admin')
@Controller('admin/day-close')
export class ExportDayCloseHttpController {
  constructor(
    private readonly queryBus: QueryBus,
    private readonly prisma: PrismaService,
    private readonly images: PrintableImages,
    private readonly renderer: DocumentRenderer,
  ) {}

  @Get(':council/:day/report.pdf')
  @StaffMay('read')
  @ApiProduces('application/pdf')
  @ApiOperation({ summary: "The day's close as a PDF, with the council's name and logo (lang: ms, en, zh)" })
  async pdf(
    @CurrentUser() principal: Principal,
    @Param() { council, day }: DayCloseTargetDto,
    @Query() { lang }: ExportDayCloseRequestDto,
    @Res() res: Response,
  ): Promise<void> {
    const report = await this.report(principal, council, day);
    const language = lang ?? DEFAULT_LANGUAGE;
    const row = await this.prisma.council.findUnique({ where: { code: council } });
    const logoDataUrl = row ? await this.images.of(row.code, 'logoImage', row.logoImage) : null;
    const pdf = await this.renderer.render(
      dayCloseDefinition({
        language,
        councilName: row ? councilName(row, language) : council,
        logoDataUrl,
        day,
        figures: report.signed?.figures ?? report.figures,
        signed: report.signed ? { by: report.signed.by, at: new Date(report.signed.at) } : null,
        adjustmentsAfterSignOff: report.adjustmentsAfterSignOff,
        adjustmentsRecorded: report.adjustmentsRecorded,
        printedAt: new Date(),
      }),
      { council, day, document: 'day_close' },
    );
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', `attachment; filename="day-close-${council}-${day}.pdf"`);
    res.setHeader('Cache-Control', 'no-store');
    res.end(pdf);
  }

  @Get(':council/:day/report.csv')
  @StaffMay('read')
  @ApiProduces('text/csv')
  @ApiOperation({ summary: "The day's close as CSV (UTF-8 with a BOM; lang: ms, en, zh)" })
  async csv(
    @CurrentUser() principal: Principal,
    @Param() { council, day }: DayCloseTargetDto,
    @Query() { lang }: ExportDayCloseRequestDto,
    @Res() res: Response,
  ): Promise<void> {
    const report = await this.report(principal, council, day);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="day-close-${council}-${day}.csv"`);
    res.setHeader('Cache-Control', 'no-store');
    res.end(dayCloseCsv(report, lang ?? DEFAULT_LANGUAGE));
  }

  private report(principal: Principal, council: string, day: string): Promise<DayCloseReport> {
    return this.queryBus.execute(new GetDayCloseQuery(principal, council, day));
  }
}
