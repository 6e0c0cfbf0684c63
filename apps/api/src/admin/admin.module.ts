import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { DocumentsModule } from '../documents/documents.module';
import { ListAuditHandler } from './audit/list-audit/list-audit.handler';
import { ListAuditHttpController } from './audit/list-audit/list-audit.http.controller';
import { GetConfigurationHandler, UpdateConfigurationHandler } from './configuration/admin-configuration.handlers';
import { AdminConfigurationHttpController } from './configuration/admin-configuration.http.controller';
import { GetCouncilHandler } from './councils/get-council/get-council.handler';
import { GetCouncilHttpController } from './councils/get-council/get-council.http.controller';
import { ListCouncilsHandler } from './councils/list-councils/list-councils.handler';
import { ListCouncilsHttpController } from './councils/list-councils/list-councils.http.controller';
import { UpdateCouncilHandler } from './councils/update-council/update-council.handler';
import { UpdateCouncilHttpController } from './councils/update-council/update-council.http.controller';
import { GetDashboardHandler } from './dashboard/get-dashboard/get-dashboard.handler';
import { GetDashboardHttpController } from './dashboard/get-dashboard/get-dashboard.http.controller';
import { ListNotificationsHandler } from './notifications/list-notifications/list-notifications.handler';
import { ListNotificationsHttpController } from './notifications/list-notifications/list-notifications.http.controller';
import { ResendNotificationHandler } from './notifications/resend-notification/resend-notification.handler';
import { ResendNotificationHttpController } from './notifications/resend-notification/resend-notification.http.controller';
import { ExportPaymentsHttpController } from './payments/export-payments/export-payments.http.controller';
import { ExportPaymentsService } from './payments/export-payments/export-payments.service';
import { GetAdminPaymentHandler } from './payments/get-payment/get-admin-payment.handler';
import { GetAdminPaymentHttpController } from './payments/get-payment/get-admin-payment.http.controller';
import { ListPaymentsHandler } from './payments/list-payments/list-payments.handler';
import { ListPaymentsHttpController } from './payments/list-payments/list-payments.http.controller';
import { ListGatewayAnswersHandler, ListRefundsHandler } from './payments/money-records/list-money-records.handler';
import { ListMoneyRecordsHttpController } from './payments/money-records/list-money-records.http.controller';
import { PaymentScope } from './payments/payment-scope';
import { StaffActionLimits } from './staff-action-limits';
import { GetReconciliationHandler } from './reconciliation/reconciliation.handler';
import { ReconciliationHttpController } from './reconciliation/reconciliation.http.controller';
import { RefundPaymentHttpController } from './payments/refund-payment/refund-payment.http.controller';
import { AdminRequeryPaymentHandler } from './payments/requery-payment/admin-requery-payment.handler';
import { AdminRequeryPaymentHttpController } from './payments/requery-payment/admin-requery-payment.http.controller';
import { ResendOutcomeHandler } from './payments/resend-outcome/resend-outcome.handler';
import { ResendOutcomeHttpController } from './payments/resend-outcome/resend-outcome.http.controller';
import { GetUserHandler } from './users/get-user/get-user.handler';
import { GetUserHttpController } from './users/get-user/get-user.http.controller';
import { ListUsersHandler } from './users/list-users/list-users.handler';
import { ListUsersHttpController } from './users/list-users/list-users.http.controller';
import { UpdateUserRolesHandler } from './users/update-user-roles/update-user-roles.handler';
import { UpdateUserRolesHttpController } from './users/update-user-roles/update-user-roles.http.controller';
import { ResetSecondFactorHandler } from './users/reset-second-factor/reset-second-factor.handler';
import { ResetSecondFactorHttpController } from './users/reset-second-factor/reset-second-factor.http.controller';
import { MoneyLedger } from '../money/money-ledger';
import { DayCloseReports } from './day-close/day-close-reports';
import { ExportDayCloseHttpController } from './day-close/export-day-close/export-day-close.http.controller';
import { GetDayCloseHandler } from './day-close/get-day-close/get-day-close.handler';
import { GetDayCloseHttpController } from './day-close/get-day-close/get-day-close.http.controller';
import { SignDayCloseHandler } from './day-close/sign-day-close/sign-day-close.handler';
import { SignDayCloseHttpController } from './day-close/sign-day-close/sign-day-close.http.controller';
import { GetPaymentTotalsHandler } from './payments/payment-totals/payment-totals.handler';
import { GetPaymentTotalsHttpController } from './payments/payment-totals/payment-totals.http.controller';
import { GetPaymentStatusCountsHandler } from './payments/status-counts/status-counts.handler';
import { GetPaymentStatusCountsHttpController } from './payments/status-counts/status-counts.http.controller';
import { CheckSettlementHandler } from './settlements/check-settlement/check-settlement.handler';
import { CheckSettlementHttpController } from './settlements/check-settlement/check-settlement.http.controller';
import { GetSettlementCheckHandler } from './settlements/get-settlement-check/get-settlement-check.handler';
import { GetSettlementCheckHttpController } from './settlements/get-settlement-check/get-settlement-check.http.controller';
import { ListSettlementChecksHandler } from './settlements/list-settlement-checks/list-settlement-checks.handler';
import { ListSettlementChecksHttpController } from './settlements/list-settlement-checks/list-settlement-checks.http.controller';
import { ListSettlementLinesHandler } from './settlements/list-settlement-lines/list-settlement-lines.handler';
import { ListSettlementLinesHttpController } from './settlements/list-settlement-lines/list-settlement-lines.http.controller';
import { ResolveSettlementLineHandler } from './settlements/resolve-settlement-line/resolve-settlement-line.handler';
import { ResolveSettlementLineHttpController } from './settlements/resolve-settlement-line/resolve-settlement-line.http.controller';
import { simpleRestQuery } from '../http/simple-rest-query';
import { InvitationsHttpController } from './staff/invitations.http.controller';
import { StaffHttpController } from './staff/staff.http.controller';
import { StaffService } from './staff/staff.service';

const queryHandlers = [
  ListPaymentsHandler,
  GetAdminPaymentHandler,
  ListCouncilsHandler,
  GetCouncilHandler,
  GetConfigurationHandler,
  ListUsersHandler,
  GetUserHandler,
  ListNotificationsHandler,
  ListAuditHandler,
  GetDashboardHandler,
  ListGatewayAnswersHandler,
  ListRefundsHandler,
  GetReconciliationHandler,
];
const commandHandlers = [
  UpdateConfigurationHandler,
  AdminRequeryPaymentHandler,
  ResendOutcomeHandler,
  ResendNotificationHandler,
  UpdateCouncilHandler,
  UpdateUserRolesHandler,
  ResetSecondFactorHandler,
  CheckSettlementHandler,
  GetPaymentTotalsHandler,
  GetPaymentStatusCountsHandler,
  GetDayCloseHandler,
  SignDayCloseHandler,
  GetSettlementCheckHandler,
  ListSettlementChecksHandler,
  ListSettlementLinesHandler,
  ResolveSettlementLineHandler,
];

/**
 * The staff console's API under /api/admin. Every route carries @Roles (the global RolesGuard refuses an
 * admin route without it, and test/access-matrix.spec.ts lists them all); council staff are further limited
 * to the councils where their role allows the route: payments with an item of theirs, the messages and audit entries of those
 * payments, their own council record. Every staff action is recorded in the staff audit.
 */
@Module({
  // The day close's PDF: rendered and given its council's logo as receipts are.
  imports: [DocumentsModule],
  controllers: [
    ListPaymentsHttpController,
    ExportPaymentsHttpController,
    // Before the payment by reference: `totals` and `status-counts` are not references.
    GetPaymentTotalsHttpController,
    GetPaymentStatusCountsHttpController,
    GetAdminPaymentHttpController,
    AdminRequeryPaymentHttpController,
    ResendOutcomeHttpController,
    RefundPaymentHttpController,
    ListMoneyRecordsHttpController,
    ReconciliationHttpController,
    CheckSettlementHttpController,
    ListSettlementChecksHttpController,
    GetDayCloseHttpController,
    SignDayCloseHttpController,
    ExportDayCloseHttpController,
    GetSettlementCheckHttpController,
    ListSettlementLinesHttpController,
    ResolveSettlementLineHttpController,
    ListNotificationsHttpController,
    ResendNotificationHttpController,
    GetDashboardHttpController,
    ListCouncilsHttpController,
    GetCouncilHttpController,
    UpdateCouncilHttpController,
    AdminConfigurationHttpController,
    ListUsersHttpController,
    GetUserHttpController,
    UpdateUserRolesHttpController,
    ResetSecondFactorHttpController,
    ListAuditHttpController,
    StaffHttpController,
    InvitationsHttpController,
  ],
  providers: [
    ...queryHandlers,
    ...commandHandlers,
    PaymentScope,
    StaffActionLimits,
    ExportPaymentsService,
    MoneyLedger,
    DayCloseReports,
    StaffService,
  ],
})
export class AdminModule implements NestModule {
  /**
   * Every list under /api/admin also speaks react-admin's simple REST conventions (range, sort, filter as JSON),
   * whichever module serves it (the councils' API keys and requests live in the council API's module).
   */
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(simpleRestQuery).forRoutes({ path: 'admin/{*path}', method: RequestMethod.GET });
  }
}
