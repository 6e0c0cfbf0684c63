import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Controller, Get, Header, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import {
  DEFAULT_LANGUAGE,
  billTemplateHeader,
  isPayableType,
  type AdminBillImport,
  type AdminBillImportRow,
  type RowError,
} from '@councilpay/domain';
import { translate } from '@councilpay/i18n';
import type { Principal } from '../auth/principal';
import { councilScope, CurrentUser, StaffMay } from '../auth/roles';
import { ApiError } from '../http/api-error';
import { isUuid, UuidParam } from '../http/id.param';
import { csvCell } from '../http/csv-cells';
import { PrismaService } from '../prisma/prisma.service';
import { BILL_FILE_LIMITS, BillFileError, saveUpload } from './bill-file';
import { listWindow, sendPage } from '../http/list-query';
import {
  BillImports,
  rowsWhere,
  toAdminBillImport,
  toAdminBillImportRow,
  type BillImportPreview,
} from './bill-imports';
import {
  BillErrorReportQueryDto,
  ListBillImportRowsQueryDto,
  ListBillImportsQueryDto,
  UploadBillFileQueryDto,
} from './bill-imports.request.dto';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function inScope(principal: Principal, councilCode: string): boolean {
  const scope = councilScope(principal);
  return scope.all || scope.councils.includes(councilCode);
}

/** Council bill files in the console: template, upload (preview), confirm, error report. */
@ApiTags('admin')
@Controller('admin/bill-imports')
export class BillImportsHttpController {
  constructor(
    private readonly imports: BillImports,
    private readonly prisma: PrismaService,
  ) {}

  @Get()
  @StaffMay('read')
  @ApiOperation({
    summary: "Bill imports of the staff member's councils, newest first: who, when, file, SHA-256, counts per outcome",
  })
  async list(
    @CurrentUser() principal: Principal,
    @Query() query: ListBillImportsQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AdminBillImport[]> {
    const window = listWindow(query, ['createdAt'] as const, { sort: 'createdAt', order: 'desc' });
    const scope = councilScope(principal);
    if (query.council && !inScope(principal, query.council)) {
      throw new ApiError(403, 'forbidden', 'You are not allowed to do this.');
    }
    const where = {
      ...(query.council ? { councilCode: query.council } : scope.all ? {} : { councilCode: { in: scope.councils } }),
      ...(query.type ? { type: query.type } : {}),
      // Ids that are not uuids name no import (PostgreSQL would refuse the whole query).
      ...(query.id ? { id: { in: query.id.filter(isUuid) } } : {}),
    };
    const [rows, total] = await Promise.all([
      this.prisma.billImport.findMany({
        where,
        orderBy: [{ createdAt: window.order }, { id: window.order }],
        skip: window.skip,
        take: window.take,
      }),
      this.prisma.billImport.count({ where }),
    ]);
    return sendPage(res, { rows: rows.map(toAdminBillImport), total });
  }

  @Get('templates/:type')
  @StaffMay('read')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @ApiOperation({
    summary: "A payable type's bill file template: its header line (docs/integration.md describes each column)",
  })
  template(@Param('type') type: string): string {
    if (!isPayableType(type)) throw new ApiError(404, 'not_found', 'Not Found!');
    return `${billTemplateHeader(type).join(',')}\r\n`;
  }

  @Post()
  @StaffMay('operate')
  @ApiOperation({
    summary: 'Upload a bill file (the body: text/csv in UTF-8, or XLSX) and preview it; nothing is written',
    description:
      "Read row by row through the type's layout and planned against the bills: new, changed, unchanged, withdrawn (complete=true), refused, invalid. 201 with the import id and counts; a file refused whole answers 400 with a code bill_file.* or bill_file_header.",
  })
  async upload(
    @CurrentUser() principal: Principal,
    @Query() query: UploadBillFileQueryDto,
    @Req() req: Request,
  ): Promise<BillImportPreview> {
    if (!req.is(['text/csv', XLSX])) {
      throw new ApiError(415, 'unsupported_media_type', 'Send the file as the body: text/csv (UTF-8) or XLSX');
    }
    if (!inScope(principal, query.council)) throw new ApiError(403, 'forbidden', 'You are not allowed to do this.');
    const council = await this.prisma.council.findUnique({ where: { code: query.council } });
    if (!council) throw new ApiError(404, 'not_found', 'Not Found!');
    const path = join(tmpdir(), `bill-file-${randomUUID()}`);
    try {
      const saved = await saveUpload(req, path, BILL_FILE_LIMITS.maxBytes).catch((error: unknown) => {
        if (error instanceof BillFileError) throw new ApiError(413, `bill_file.${error.code}`, error.message);
        throw error;
      });
      return await this.imports.preview(principal, {
        councilCode: query.council,
        type: query.type,
        complete: query.complete,
        fileName: query.fileName,
        kind: req.is(XLSX) ? 'xlsx' : 'csv',
        path,
        sha256: saved.sha256,
      });
    } finally {
      await rm(path, { force: true });
    }
  }

  @Post(':id/confirm')
  @StaffMay('operate')
  @ApiOperation({
    summary: 'Write a previewed bill file: all of it or none; refused (409) when the bills changed since',
  })
  async confirm(@CurrentUser() principal: Principal, @Param() { id }: UuidParam): Promise<BillImportPreview> {
    await this.visible(principal, id);
    return this.imports.confirm(principal, id);
  }

  @Get(':id')
  @StaffMay('read')
  @ApiOperation({ summary: 'One bill import: file, who, when, status and counts per outcome' })
  async one(@CurrentUser() principal: Principal, @Param() { id }: UuidParam): Promise<AdminBillImport> {
    await this.visible(principal, id);
    return toAdminBillImport(await this.prisma.billImport.findUniqueOrThrow({ where: { id } }));
  }

  @Get(':id/rows')
  @StaffMay('read')
  @ApiOperation({
    summary:
      "A bill import's rows of one outcome, in file order: new, changed (balance before and after), unchanged, withdrawn, refused (the reason code), invalid (each cell's line, column, value and reason code)",
  })
  async rows(
    @CurrentUser() principal: Principal,
    @Param() { id }: UuidParam,
    @Query() query: ListBillImportRowsQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AdminBillImportRow[]> {
    await this.visible(principal, id);
    const window = listWindow(query, ['id'] as const, { sort: 'id', order: 'asc' });
    const where = rowsWhere(id, query.outcome);
    const [rows, total] = await Promise.all([
      this.prisma.billImportRow.findMany({
        where,
        orderBy: { id: window.order },
        skip: window.skip,
        take: window.take,
      }),
      this.prisma.billImportRow.count({ where }),
    ]);
    return sendPage(res, { rows: rows.map(toAdminBillImportRow), total });
  }

  @Get(':id/errors.csv')
  @StaffMay('read')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @ApiOperation({
    summary: "A bill file's error report: line, column, value, reason code and the reason in words (lang: ms, en, zh)",
  })
  async errors(
    @CurrentUser() principal: Principal,
    @Param() { id }: UuidParam,
    @Query() { lang }: BillErrorReportQueryDto,
  ): Promise<string> {
    await this.visible(principal, id);
    const language = lang ?? DEFAULT_LANGUAGE;
    const lines = (await this.imports.errors(id)).map((e: RowError) =>
      [
        String(e.line),
        csvCell(e.column),
        csvCell(e.value, true),
        csvCell(e.code),
        csvCell(translate(language, `console.bill_imports.cell_errors.${e.code}`), true),
      ].join(','),
    );
    return `\uFEFFline,column,value,code,reason\r\n${lines.map((l) => `${l}\r\n`).join('')}`;
  }

  private async visible(principal: Principal, id: string): Promise<void> {
    const imp = await this.prisma.billImport.findUnique({ where: { id }, select: { councilCode: true } });
    // Another council's import is answered as if it did not exist.
    if (!imp || !inScope(principal, imp.councilCode)) throw new ApiError(404, 'not_found', 'Not Found!');
  }
}
