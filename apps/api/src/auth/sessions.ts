import { Inject, Injectable, INestApplication, Logger } from '@nestjs/common';
import { RedisStore } from 'connect-redis';
import type { CookieOptions, Express, Request, RequestHandler, Response } from 'express';
import session from 'express-session';
import { BACKGROUND_REQUEST_HEADER, CSRF_COOKIE, CSRF_HEADER, type SecondFactorState } from '@councilpay/domain';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { ApiError } from '../http/api-error';
import { IdentityPassport } from './identity-passport';
import { SessionRedis, SessionStoreClient } from '../redis/session-redis';
import { deviceCookieOptions, LOGIN_DEVICE_COOKIE, newDeviceCookie } from './login-device';
import { secondFactorState, type Principal, type SessionStamp } from './principal';
import { newToken, sameSecret } from './secrets';

declare module 'express-session' {
  interface SessionData {
    /** The double-submit token: also in the readable cookie cp_csrf, sent back in X-CSRF-Token. */
    csrfToken?: string;
    passport?: { user?: SessionStamp };
    /** When it was signed in (ms): it ends SESSION_ABSOLUTE_TTL_MS later, however busy it is. */
    startedAt?: number;
    /** Staff: the enrolment (its Principal.secondFactorSince) whose code this session passed. */
    secondFactorSince?: number;
    /** Staff: the last request a person made (ms); STAFF_SESSION_IDLE_MS after it the session ends. */
    lastActiveAt?: number;
    /** Why the user's session ended while the browser kept it (a guest's now, until a new sign-in). */
    endedBy?: 'idle';
  }
}

/** Why this request's session was ended, kept on res.locals for the 401 that follows. */
export const SESSION_ENDED = 'councilpay:sessionEnded';
export type SessionEnded = 'idle';

/** Whether a staff session has been idle too long: no request a person made for `idleMs` (pure). */
export function staffSessionIdle(lastActiveAt: number | undefined, now: number, idleMs: number): boolean {
  return lastActiveAt !== undefined && now - lastActiveAt >= idleMs;
}

/** A request the console made by itself (a screen refreshing): it does not count as a person's activity. */
export function isBackgroundRequest(req: Pick<Request, 'get'>): boolean {
  return req.get(BACKGROUND_REQUEST_HEADER) === '1';
}

/** Where this request's session stands with the second factor. */
export function secondFactorOf(req: Request): SecondFactorState {
  const principal = req.user as Principal | undefined;
  return principal ? secondFactorState(principal, req.session?.secondFactorSince) : 'not_needed';
}

export const SESSION_COOKIE = 'cp_sid';
/** Routes the gateways post to (server to server, or the bank's page in the browser): no session, no token. */
const CSRF_EXEMPT_PREFIX = '/api/gateways/';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The session cookie rolls forward with every request for SESSION_TTL_MS. */
function sessionCookieOptions(config: AppConfig): CookieOptions {
  return { path: '/', sameSite: 'lax', secure: config.identity.secureCookies, maxAge: config.identity.sessionTtlMs };
}

/** The readable token cookie lives as long as the browser, and is put back whenever a session lacks it. */
function csrfCookieOptions(config: AppConfig): CookieOptions {
  return { path: '/', sameSite: 'lax', secure: config.identity.secureCookies };
}

function clearCookies(res: Response, config: AppConfig): void {
  res.clearCookie(SESSION_COOKIE, { ...sessionCookieOptions(config), maxAge: undefined });
  res.clearCookie(CSRF_COOKIE, csrfCookieOptions(config));
}

function readCookie(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/**
 * A session whose user is gone, whose password changed since it signed in, or that is older than
 * SESSION_ABSOLUTE_TTL_MS (however busy: the idle TTL rolls, this does not) is dropped: the request goes on as a
 * guest's and the browser is told to forget the cookies. A session from before these rules counts from now.
 *
 * A staff session with no request of a person's for STAFF_SESSION_IDLE_MS ends too, but is kept as a guest's
 * session that says why (`endedBy`): this request and every later one of that browser (a refresh racing it
 * included) that needs a user answer 401 `session_idle_timeout`, until it signs in again (a new session). A staff
 * request without the background header moves the idle clock on.
 */
function dropEndedSessions(config: AppConfig): RequestHandler {
  const logger = new Logger('Sessions');
  return (req, res, next) => {
    const session = req.session;
    if (!session?.csrfToken) return next();
    const now = Date.now();
    const principal = req.user as Principal | undefined;
    if (!principal && session.endedBy === 'idle') {
      res.locals[SESSION_ENDED] = 'idle' satisfies SessionEnded;
      return next();
    }
    if (principal && session.startedAt === undefined) session.startedAt = now;
    const tooOld = now - (session.startedAt ?? now) >= config.identity.sessionAbsoluteTtlMs;
    const idle =
      Boolean(principal?.staff) && staffSessionIdle(session.lastActiveAt, now, config.identity.staffSessionIdleMs);
    if (principal && !tooOld && !idle) {
      if (principal.staff && (session.lastActiveAt === undefined || !isBackgroundRequest(req)))
        session.lastActiveAt = now;
      return next();
    }
    req.user = undefined;
    if (principal && idle && !tooOld) {
      logger.log({ userId: principal.id }, 'Staff session ended after being idle');
      res.locals[SESSION_ENDED] = 'idle' satisfies SessionEnded;
      delete session.passport;
      delete session.secondFactorSince;
      delete session.lastActiveAt;
      session.endedBy = 'idle';
      return next();
    }
    clearCookies(res, config);
    session.destroy((error?: unknown) => next(error));
  };
}

/**
 * Double-submit CSRF check: a state-changing request of a signed-in session must carry X-CSRF-Token equal
 * to the session's token (the one the readable cookie cp_csrf holds). Guests have no session to abuse and
 * need no token; the gateways' routes are exempt. The cookie is put back whenever the browser lost it.
 */
function csrfCheck(config: AppConfig): RequestHandler {
  const logger = new Logger('Csrf');
  return (req, res, next) => {
    const token = req.user ? req.session?.csrfToken : undefined;
    if (!token) return next();
    if (readCookie(req, CSRF_COOKIE) !== token) res.cookie(CSRF_COOKIE, token, csrfCookieOptions(config));
    if (SAFE_METHODS.has(req.method) || req.originalUrl.startsWith(CSRF_EXEMPT_PREFIX)) return next();
    const sent = req.get(CSRF_HEADER);
    if (sent && sameSecret(sent, token)) return next();
    logger.warn({ method: req.method, url: req.originalUrl.split('?')[0], sent: Boolean(sent) }, 'CSRF check failed');
    next(
      new ApiError(403, 'csrf_failed', `Send the ${CSRF_HEADER} header with the value of the ${CSRF_COOKIE} cookie`),
    );
  };
}

/**
 * Installs server-side sessions on /api: express-session in Redis (connect-redis, keys
 * `<REDIS_PREFIX>:sess:<id>`) behind the httpOnly, SameSite=Lax cookie cp_sid (Secure in production, where
 * the X-Forwarded-For of the proxies TRUST_PROXY names is trusted), rolling for SESSION_TTL_MS; then passport, then the CSRF
 * check. Called once by createApi. (Account routes taking JSON only is InputGuard's rule, after routing.)
 */
export function configureSessions(app: INestApplication, config: AppConfig): void {
  if (config.identity.secureCookies)
    (app.getHttpAdapter().getInstance() as Express).set('trust proxy', config.trustProxy);
  const store = new RedisStore({
    client: new SessionStoreClient(app.get(SessionRedis).client),
    prefix: `${config.redisPrefix}:sess:`,
    ttl: Math.ceil(config.identity.sessionTtlMs / 1000),
  });
  const { passport } = app.get(IdentityPassport);
  app.use(
    '/api',
    session({
      name: SESSION_COOKIE,
      secret: config.identity.sessionSecret,
      store,
      resave: false,
      saveUninitialized: false,
      rolling: true,
      unset: 'destroy',
      cookie: { ...sessionCookieOptions(config), httpOnly: true },
    }),
    passport.initialize(),
    passport.session(),
    dropEndedSessions(config),
    csrfCheck(config),
  );
}

function promised(run: (done: (error?: unknown) => void) => void): Promise<void> {
  return new Promise((resolve, reject) => run((error) => (error ? reject(error) : resolve())));
}

/** Signing in and out of the session of the current request. */
@Injectable()
export class Sessions {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /**
   * A new session (new id: no fixation) for this user, with a new CSRF token in the readable cookie; the
   * browser becomes a known device of the account (see LoginThrottle).
   */
  async signIn(req: Request, res: Response, principal: Principal): Promise<void> {
    // An ended session was dropped earlier in this request: start from a blank one.
    if (!req.session) await promised((done) => req.sessionStore.regenerate(req, done));
    await promised((done) => req.logIn(principal, done));
    const token = newToken();
    req.session.csrfToken = token;
    req.session.startedAt = Date.now();
    if (principal.staff) req.session.lastActiveAt = Date.now();
    await promised((done) => req.session.save(done));
    res.cookie(CSRF_COOKIE, token, csrfCookieOptions(this.config));
    res.cookie(
      LOGIN_DEVICE_COOKIE,
      newDeviceCookie(this.config.identity.sessionSecret, principal.email),
      deviceCookieOptions(this.config.identity.secureCookies),
    );
  }

  /** This session passed the second factor of the account's current enrolment. */
  async passSecondFactor(req: Request, principal: Principal): Promise<void> {
    if (principal.secondFactorSince === null) throw new Error('No second factor to pass');
    req.session.secondFactorSince = principal.secondFactorSince;
    await promised((done) => req.session.save(done));
  }

  async signOut(req: Request, res: Response): Promise<void> {
    if (req.session) await promised((done) => req.session.destroy(done));
    clearCookies(res, this.config);
  }
}
