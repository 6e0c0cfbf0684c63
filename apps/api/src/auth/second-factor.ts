import { Inject, Injectable, Logger } from '@nestjs/common';
import { authenticator } from 'otplib';
import { toDataURL } from 'qrcode';
import {
  TOTP_DIGITS,
  TOTP_ISSUER,
  TOTP_STEP_SECONDS,
  TOTP_WINDOW_STEPS,
  type SecondFactorEnrolment,
  type SecondFactorVerifyRequest,
} from '@councilpay/domain';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { ApiError } from '../http/api-error';
import { PrismaService } from '../prisma/prisma.service';
import { RateLimiter, tooManyRequests } from '../rate-limit/rate-limiter';
import { SecretSealer } from '../secrets/secret-sealer';
import type { Principal } from './principal';
import { newRecoveryCodes, normaliseTotpCode, recoveryCodeHash, stepAcceptable } from './second-factor-rules';

/** A TOTP secret of 160 bits (RFC 4226's recommended length), base32. */
const SECRET_BYTES = 20;

export const codeIncorrect = (): ApiError =>
  new ApiError(400, 'second_factor_code_incorrect', 'The code is not right, or was used already.');

const notStaff = (): ApiError => new ApiError(403, 'forbidden', 'You are not allowed to do this.');

/**
 * Staff's second factor: TOTP (otplib, RFC 6238: 6 digits, 30-second steps, one step either side) with a
 * secret sealed at rest by the webhook secrets' sealer (SecretSealer, the user's id bound), turned on by the
 * first valid code; and ten single-use recovery codes, stored as hashes. A code's time step is accepted once
 * and never one older than the last accepted (`totpLastStep`, moved forward in one conditional UPDATE, so two
 * requests racing with one code cannot both pass). Wrong codes are counted per account like failed passwords
 * (LOGIN_MAX_FAILURES_PER_ACCOUNT in LOGIN_THROTTLE_WINDOW_MS, 429 beyond), every try counted before it is
 * checked; a right one clears the count.
 */
@Injectable()
export class SecondFactor {
  private readonly logger = new Logger(SecondFactor.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly secrets: SecretSealer,
    private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private static throttleKey(userId: string): string {
    return `second-factor:account:${userId}`;
  }

  /** A new secret for a staff member with no second factor on, replacing any unconfirmed one. */
  async startEnrolment(principal: Principal): Promise<SecondFactorEnrolment> {
    if (!principal.staff) throw notStaff();
    if (principal.secondFactorSince !== null)
      throw new ApiError(409, 'second_factor_already_enrolled', 'Your second factor is set up already.');
    const secret = authenticator.generateSecret(SECRET_BYTES);
    await this.prisma.user.update({
      where: { id: principal.id },
      data: { totpSecretSealed: this.secrets.seal(principal.id, secret), totpLastStep: null, recoveryCodeHashes: [] },
    });
    const otpauthUrl = authenticator.keyuri(principal.email, TOTP_ISSUER, secret);
    this.logger.log({ userId: principal.id }, 'Second factor enrolment started');
    return { secret, otpauthUrl, qrDataUrl: await toDataURL(otpauthUrl, { margin: 1, width: 240 }) };
  }

  /** Turns the second factor on with the first valid code. Returns the recovery codes and when it was turned on. */
  async confirmEnrolment(principal: Principal, code: string): Promise<{ recoveryCodes: string[]; since: number }> {
    if (!principal.staff) throw notStaff();
    if (principal.secondFactorSince !== null)
      throw new ApiError(409, 'second_factor_already_enrolled', 'Your second factor is set up already.');
    const user = await this.prisma.user.findUniqueOrThrow({ where: { id: principal.id } });
    if (!user.totpSecretSealed)
      throw new ApiError(409, 'second_factor_not_started', 'Start setting up your second factor first.');
    await this.countTry(principal);
    const step = this.matchingStep(principal.id, user.totpSecretSealed, code);
    if (step === null) throw this.refused(principal, 'wrong_code');
    const recoveryCodes = newRecoveryCodes();
    const since = new Date();
    const done = await this.prisma.user.updateMany({
      where: { id: principal.id, totpEnabledAt: null, totpSecretSealed: user.totpSecretSealed },
      data: { totpEnabledAt: since, totpLastStep: step, recoveryCodeHashes: recoveryCodes.map(recoveryCodeHash) },
    });
    if (done.count !== 1) throw this.refused(principal, 'enrolment_changed');
    await this.limiter.reset(SecondFactor.throttleKey(principal.id));
    this.logger.log({ userId: principal.id }, 'Second factor turned on');
    return { recoveryCodes, since: since.getTime() };
  }

  /** Checks a TOTP code or a recovery code of an enrolled staff member; each is accepted once. */
  async verify(principal: Principal, answer: SecondFactorVerifyRequest): Promise<'code' | 'recovery_code'> {
    if (!principal.staff) throw notStaff();
    if (principal.secondFactorSince === null)
      throw new ApiError(403, 'second_factor_enrolment_required', 'Set up your second factor before you go on.');
    await this.countTry(principal);
    const used = answer.recoveryCode !== undefined ? 'recovery_code' : 'code';
    const accepted =
      used === 'recovery_code'
        ? await this.useRecoveryCode(principal, answer.recoveryCode ?? '')
        : await this.useCode(principal, answer.code ?? '');
    if (!accepted) throw this.refused(principal, `wrong_${used}`);
    await this.limiter.reset(SecondFactor.throttleKey(principal.id));
    this.logger.log({ userId: principal.id, with: used }, 'Second factor passed');
    return used;
  }

  /** Ten new recovery codes; the earlier ones are void. */
  async regenerateRecoveryCodes(principal: Principal): Promise<string[]> {
    if (!principal.staff || principal.secondFactorSince === null) throw notStaff();
    const recoveryCodes = newRecoveryCodes();
    await this.prisma.user.update({
      where: { id: principal.id },
      data: { recoveryCodeHashes: recoveryCodes.map(recoveryCodeHash) },
    });
    this.logger.log({ userId: principal.id }, 'Recovery codes made again');
    return recoveryCodes;
  }

  private async countTry(principal: Principal): Promise<void> {
    const { loginThrottleWindowMs, loginMaxFailuresPerAccount } = this.config.identity;
    const { count, retryAfterMs } = await this.limiter.hit(
      SecondFactor.throttleKey(principal.id),
      loginThrottleWindowMs,
    );
    if (count <= loginMaxFailuresPerAccount) return;
    this.logger.warn({ userId: principal.id }, 'Second factor throttled');
    throw tooManyRequests('Too many wrong codes. Please wait a while and try again.', retryAfterMs);
  }

  private refused(principal: Principal, reason: string): ApiError {
    this.logger.warn({ userId: principal.id, reason }, 'Second factor refused');
    return codeIncorrect();
  }

  /** The time step of a code valid now (one step either side), or null. */
  private matchingStep(userId: string, sealed: string, typed: string): number | null {
    const code = normaliseTotpCode(typed);
    if (!code) return null;
    const epoch = Date.now();
    const checker = authenticator.clone({
      digits: TOTP_DIGITS,
      step: TOTP_STEP_SECONDS,
      window: TOTP_WINDOW_STEPS,
      epoch,
    });
    const delta = checker.checkDelta(code, this.secrets.open(userId, sealed));
    return delta === null ? null : Math.floor(epoch / 1000 / TOTP_STEP_SECONDS) + delta;
  }

  private async useCode(principal: Principal, typed: string): Promise<boolean> {
    const user = await this.prisma.user.findUniqueOrThrow({ where: { id: principal.id } });
    if (!user.totpSecretSealed || user.totpEnabledAt?.getTime() !== principal.secondFactorSince) return false;
    const step = this.matchingStep(principal.id, user.totpSecretSealed, typed);
    if (step === null || !stepAcceptable(step, user.totpLastStep)) return false;
    // Moves the last step forward only if no other request accepted this step (or a later one) meanwhile.
    const done = await this.prisma.user.updateMany({
      where: {
        id: principal.id,
        totpEnabledAt: user.totpEnabledAt,
        OR: [{ totpLastStep: null }, { totpLastStep: { lt: step } }],
      },
      data: { totpLastStep: step },
    });
    return done.count === 1;
  }

  private async useRecoveryCode(principal: Principal, typed: string): Promise<boolean> {
    if (!typed.trim()) return false;
    const hash = recoveryCodeHash(typed);
    // Removed in the statement that finds it: a code used by two requests at once passes only one.
    const removed = await this.prisma.$executeRaw`
      UPDATE "User" SET "recoveryCodeHashes" = array_remove("recoveryCodeHashes", ${hash})
      WHERE "id" = ${principal.id}::uuid AND ${hash} = ANY("recoveryCodeHashes") AND "totpEnabledAt" IS NOT NULL`;
    return removed === 1;
  }
}
