import { Inject, Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { RateLimiter, tooManyRequests } from '../rate-limit/rate-limiter';
import { sha256 } from './secrets';

/** Once an account has had this many times its limit of failures, only its known devices may try it. */
const LOCK_FOR_NEW_DEVICES_FACTOR = 10;

/** Who is trying: the address, and the browser's device nonce when it signed in to this account before. */
export interface LoginAttempt {
  email: string;
  address: string;
  device: string | null;
}

/**
 * Failed logins, counted in Redis over LOGIN_THROTTLE_WINDOW_MS, so that guessing is slow but nobody can lock
 * a real user out (N = LOGIN_MAX_FAILURES_PER_ACCOUNT):
 * - one address may fail LOGIN_MAX_FAILURES_PER_ADDRESS times in all, and N times per account;
 * - an account that failed N times (from anywhere) is under attack: from then on an unknown browser may try
 *   it only from an address that has not failed for it yet (one guess per address), and after 10 x N
 *   failures not at all, until the window passes;
 * - a browser that signed in to the account before (its device cookie, bound to the account) is never held
 *   back by what others did: it only has N failures of its own.
 * Every attempt is counted before its password is checked, so parallel guesses cannot slip past a limit; a
 * success clears the pair's count (and the device's), gives the address its attempt back, and clears the
 * account's count unless the account is under attack (the owner signing in says nothing about the others).
 */
@Injectable()
export class LoginThrottle {
  private readonly logger = new Logger(LoginThrottle.name);

  constructor(
    private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private static accountKey(email: string): string {
    return `login:account:${sha256(email)}`;
  }

  private static addressKey(address: string): string {
    return `login:address:${address}`;
  }

  private static pairKey(email: string, address: string): string {
    return `login:pair:${sha256(`${email}|${address}`)}`;
  }

  private static deviceKey(device: string): string {
    return `login:device:${device}`;
  }

  /** Counts an attempt; throws 429 when it may not be tried now. */
  async attempt({ email, address, device }: LoginAttempt): Promise<void> {
    const { loginThrottleWindowMs: window, loginMaxFailuresPerAccount: perAccount } = this.config.identity;
    if (device) {
      const own = await this.limiter.hit(LoginThrottle.deviceKey(device), window);
      if (own.count <= perAccount) return;
      this.refuse(email, address, 'device', own.retryAfterMs);
    }
    const [account, byAddress, pair] = await Promise.all([
      this.limiter.hit(LoginThrottle.accountKey(email), window),
      this.limiter.hit(LoginThrottle.addressKey(address), window),
      this.limiter.hit(LoginThrottle.pairKey(email, address), window),
    ]);
    const scope =
      byAddress.count > this.config.identity.loginMaxFailuresPerAddress
        ? 'address'
        : pair.count > perAccount
          ? 'pair'
          : account.count > perAccount * LOCK_FOR_NEW_DEVICES_FACTOR
            ? 'new_devices'
            : account.count > perAccount && pair.count > 1
              ? 'account_under_attack'
              : null;
    if (!scope) return;
    const wait = scope === 'address' ? byAddress : scope === 'pair' ? pair : account;
    this.refuse(email, address, scope, wait.retryAfterMs);
  }

  private refuse(email: string, address: string, scope: string, retryAfterMs: number): never {
    this.logger.warn({ account: sha256(email).slice(0, 12), address, scope }, 'Login throttled');
    throw tooManyRequests('Too many failed logins. Please wait a while and try again.', retryAfterMs);
  }

  async succeeded({ email, address, device }: LoginAttempt): Promise<void> {
    const accountKey = LoginThrottle.accountKey(email);
    const underAttack = (await this.limiter.peek(accountKey)) > this.config.identity.loginMaxFailuresPerAccount;
    await Promise.all([
      underAttack ? Promise.resolve() : this.limiter.reset(accountKey),
      this.limiter.reset(LoginThrottle.pairKey(email, address)),
      device
        ? this.limiter.reset(LoginThrottle.deviceKey(device))
        : this.limiter.giveBack(LoginThrottle.addressKey(address)),
    ]);
  }

  /** After a password reset the account starts afresh. */
  async clearAccount(email: string): Promise<void> {
    await this.limiter.reset(LoginThrottle.accountKey(email));
  }
}
