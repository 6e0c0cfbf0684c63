import { Module } from '@nestjs/common';
import { BillImports } from './bill-imports';
import { BillImportsHttpController } from './bill-imports.http.controller';
import { BillLedger } from './bill-ledger';
import { BulkDatabase } from '../prisma/bulk-database';

/** Councils' bills coming in: the one bill writer and the bill file import. */
@Module({
  controllers: [BillImportsHttpController],
  providers: [BillLedger, BillImports, BulkDatabase],
  exports: [BillLedger],
})
export class BillsModule {}
