import { Inject, Injectable, Logger } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { Passport } from 'passport';
import { Strategy as LocalStrategy } from 'passport-local';
import { normaliseEmail } from '@councilpay/domain';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { ApiError } from '../http/api-error';
import { PrismaService } from '../prisma/prisma.service';
import { knownDevice } from './login-device';
import { LoginThrottle } from './login-throttle';
import { verifyNothing, verifyPassword } from './passwords';
import { toPrincipal, type Principal, type SessionStamp } from './principal';
import { sha256 } from './secrets';

export const wrongCredentials = (): ApiError =>
  new ApiError(401, 'email_or_password_incorrect', 'Email or password is incorrect.');

/**
 * Passport, one instance per application (not the module's global one: tests start several applications in
 * one process, and serializers registered globally would pile up). The local strategy checks an email and
 * password under the login throttle; the session keeps the user's id and password stamp, and every request
 * with a session loads the user again, so changed roles apply at once and a changed password ends the
 * sessions signed in with the old one.
 */
@Injectable()
export class IdentityPassport {
  private readonly logger = new Logger(IdentityPassport.name);
  readonly passport = new Passport();

  constructor(
    private readonly prisma: PrismaService,
    private readonly throttle: LoginThrottle,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.passport.use(
      'local',
      new LocalStrategy(
        { usernameField: 'email', passwordField: 'password', passReqToCallback: true, session: false },
        (req, email, password, done) => {
          this.checkCredentials(req, email, password).then(
            (principal) => done(null, principal),
            (error: unknown) => done(error),
          );
        },
      ),
    );
    this.passport.serializeUser<SessionStamp>((user, done) => {
      const principal = user as Principal;
      done(null, { id: principal.id, stamp: principal.stamp });
    });
    this.passport.deserializeUser<SessionStamp>((stamp, done) => {
      this.principalFor(stamp).then(
        (principal) => done(null, principal ?? false),
        (error: unknown) => done(error),
      );
    });
  }

  /** The user a session names, or null when the user is gone or changed their password since. */
  async principalFor(stamp: SessionStamp): Promise<Principal | null> {
    if (typeof stamp?.id !== 'string' || typeof stamp.stamp !== 'string') return null;
    const user = await this.prisma.user.findUnique({ where: { id: stamp.id } });
    const principal = user ? toPrincipal(user) : null;
    return principal && principal.stamp === stamp.stamp ? principal : null;
  }

  private async checkCredentials(req: Request, rawEmail: string, password: string): Promise<Principal> {
    const email = normaliseEmail(rawEmail);
    const address = req.ip ?? 'unknown';
    const attempt = { email, address, device: knownDevice(this.config.identity.sessionSecret, req, email) };
    await this.throttle.attempt(attempt);
    const user = await this.prisma.user.findUnique({ where: { email } });
    const ok = user ? await verifyPassword(user.passwordHash, password) : await verifyNothing(password);
    if (!user || !ok) {
      this.logger.warn(
        { account: sha256(email).slice(0, 12), address, reason: user ? 'wrong_password' : 'no_account' },
        'Login failed',
      );
      throw wrongCredentials();
    }
    await this.throttle.succeeded(attempt);
    this.logger.log({ userId: user.id, address }, 'Signed in');
    return toPrincipal(user);
  }

  /** Runs the local strategy on this request (email and password in the body). */
  authenticateLocal(req: Request, res: Response): Promise<Principal> {
    return new Promise((resolve, reject) => {
      const next: NextFunction = (error?: unknown) => reject(error ?? wrongCredentials());
      this.passport.authenticate('local', { session: false }, (error: unknown, user: Principal | false) => {
        if (error) reject(error);
        else if (!user) reject(wrongCredentials());
        else resolve(user);
      })(req, res, next);
    });
  }
}
