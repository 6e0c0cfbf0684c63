import { Module } from '@nestjs/common';
import { BackgroundWork } from '../background/background-work';
import { APP_GUARD } from '@nestjs/core';
import { ForgotPasswordHandler } from './commands/forgot-password/forgot-password.handler';
import { ForgotPasswordHttpController } from './commands/forgot-password/forgot-password.http.controller';
import { LoginHttpController } from './commands/login/login.http.controller';
import { LogoutHttpController } from './commands/logout/logout.http.controller';
import { ResendCodeHandler } from './commands/resend-code/resend-code.handler';
import { ResendCodeHttpController } from './commands/resend-code/resend-code.http.controller';
import { CheckResetHandler } from './queries/check-reset/check-reset.handler';
import { ResetPasswordHandler } from './commands/reset-password/reset-password.handler';
import { ResetPasswordHttpController } from './commands/reset-password/reset-password.http.controller';
import { StartRegistrationHandler } from './commands/start-registration/start-registration.handler';
import { StartRegistrationHttpController } from './commands/start-registration/start-registration.http.controller';
import { UpdateProfileHandler } from './commands/update-profile/update-profile.handler';
import { UpdateProfileHttpController } from './commands/update-profile/update-profile.http.controller';
import { ResendEmailVerificationHandler, VerifyEmailHandler } from './commands/verify-email/verify-email.handler';
import { VerifyEmailHttpController } from './commands/verify-email/verify-email.http.controller';
import { VerifyRegistrationHandler } from './commands/verify-registration/verify-registration.handler';
import { VerifyRegistrationHttpController } from './commands/verify-registration/verify-registration.http.controller';
import { IdentityPassport } from '../auth/identity-passport';
import { LoginThrottle } from '../auth/login-throttle';
import { GetProfileHandler } from './queries/get-profile/get-profile.handler';
import { GetProfileHttpController } from './queries/get-profile/get-profile.http.controller';
import { GetSessionHttpController } from './queries/get-session/get-session.http.controller';
import { GetOwnPaymentHandler, PaymentHistoryHandler } from './queries/payment-history/payment-history.handler';
import { PaymentHistoryHttpController } from './queries/payment-history/payment-history.http.controller';
import { RolesGuard } from '../auth/roles';
import { Sessions } from '../auth/sessions';
import { SecondFactor } from '../auth/second-factor';
import { SecretSealer } from '../secrets/secret-sealer';
import { SecondFactorHttpController } from './commands/second-factor/second-factor.http.controller';

const commandHandlers = [
  StartRegistrationHandler,
  VerifyRegistrationHandler,
  ResendCodeHandler,
  ForgotPasswordHandler,
  ResetPasswordHandler,
  VerifyEmailHandler,
  ResendEmailVerificationHandler,
  UpdateProfileHandler,
];
const queryHandlers = [CheckResetHandler, GetProfileHandler, PaymentHistoryHandler, GetOwnPaymentHandler];
const controllers = [
  StartRegistrationHttpController,
  VerifyRegistrationHttpController,
  ResendCodeHttpController,
  LoginHttpController,
  LogoutHttpController,
  GetSessionHttpController,
  ForgotPasswordHttpController,
  ResetPasswordHttpController,
  VerifyEmailHttpController,
  GetProfileHttpController,
  UpdateProfileHttpController,
  PaymentHistoryHttpController,
  SecondFactorHttpController,
];

/**
 * Accounts, sessions and roles: registration with an SMS code, login (passport local) into Redis sessions,
 * CSRF, staff's second factor (TOTP and recovery codes), password reset, email verification, profile and payment history. The roles guard is global: every
 * route's @Roles is checked here. Sessions are installed on the HTTP app by configureSessions (bootstrap).
 */
@Module({
  controllers,
  providers: [
    ...commandHandlers,
    ...queryHandlers,
    LoginThrottle,
    IdentityPassport,
    BackgroundWork,
    Sessions,
    SecondFactor,
    SecretSealer,
    { provide: APP_GUARD, useClass: RolesGuard },
  ],
})
export class IdentityModule {}
