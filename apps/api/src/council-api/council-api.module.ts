import { Module } from '@nestjs/common';
import { BillsModule } from '../bills/bills.module';
import { CouncilApiKeys } from './council-api-keys';
import { CouncilApiKeysHttpController } from './council-api-keys.http.controller';
import { CouncilBills } from './council-bills';
import { CouncilBillsHttpController } from './council-bills.http.controller';
import { CouncilPaymentsHttpController } from './council-payments.http.controller';
import { CouncilSignatureGuard } from './council-signature.guard';
import { SecretSealer } from '../secrets/secret-sealer';

/**
 * The council API: councils' own systems call /api/council/v1 with requests signed by their API key
 * (CouncilSignatureGuard): to state bills, and to read what was paid (the feed, the daily collection files);
 * `_admin` manages the keys under /api/admin.
 */
@Module({
  imports: [BillsModule],
  controllers: [CouncilApiKeysHttpController, CouncilBillsHttpController, CouncilPaymentsHttpController],
  // The sealer of stored secrets, the same one the webhook endpoints use (it holds only the configured keys).
  providers: [CouncilApiKeys, CouncilBills, CouncilSignatureGuard, SecretSealer],
  exports: [CouncilApiKeys, CouncilSignatureGuard],
})
export class CouncilApiModule {}
