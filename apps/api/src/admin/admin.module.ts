import { Module } from '@nestjs/common';
import { GetConfigurationHandler, UpdateConfigurationHandler } from './configuration/admin-configuration.handlers';
import { AdminConfigurationHttpController } from './configuration/admin-configuration.http.controller';
import { ListCouncilsHandler } from './councils/list-councils/list-councils.handler';
import { ListCouncilsHttpController } from './councils/list-councils/list-councils.http.controller';
import { GetAdminPaymentHandler } from './payments/get-payment/get-admin-payment.handler';
import { GetAdminPaymentHttpController } from './payments/get-payment/get-admin-payment.http.controller';
import { ListPaymentsHandler } from './payments/list-payments/list-payments.handler';
import { ListPaymentsHttpController } from './payments/list-payments/list-payments.http.controller';
import { PaymentScope } from './payments/payment-scope';
import { RefundPaymentHttpController } from './payments/refund-payment/refund-payment.http.controller';
import { AdminRequeryPaymentHttpController } from './payments/requery-payment/admin-requery-payment.http.controller';
import { ListUsersHandler } from './users/list-users/list-users.handler';
import { ListUsersHttpController } from './users/list-users/list-users.http.controller';

const queryHandlers = [
  ListPaymentsHandler,
  GetAdminPaymentHandler,
  ListCouncilsHandler,
  GetConfigurationHandler,
  ListUsersHandler,
];
const commandHandlers = [UpdateConfigurationHandler];

/**
 * The staff console's API under /api/admin. Every route carries @Roles (the global RolesGuard refuses an
 * admin route without it, and test/access-matrix.spec.ts lists them all); council admins are further limited
 * to payments with an item of their councils.
 */
@Module({
  controllers: [
    ListPaymentsHttpController,
    GetAdminPaymentHttpController,
    AdminRequeryPaymentHttpController,
    RefundPaymentHttpController,
    ListCouncilsHttpController,
    AdminConfigurationHttpController,
    ListUsersHttpController,
  ],
  providers: [...queryHandlers, ...commandHandlers, PaymentScope],
})
export class AdminModule {}
