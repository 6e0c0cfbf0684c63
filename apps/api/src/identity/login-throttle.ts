import { Inject, Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { RateLimiter, tooManyRequests } from './rate-limiter';
import { sha256 } from './secrets';

/**
 * Repeated failed logins are refused with 429 for the rest of a window (LOGIN_THROTTLE_WINDOW_MS), counted
 * per account (whatever address they come from) and per address (whatever account they try). Every attempt
 * is counted before its password is checked, so parallel guesses cannot slip past the limit; a success
 * clears the account's count and gives its attempt back to the address.
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

  /** Counts an attempt; throws 429 when the account or the address is over its limit. */
  async attempt(email: string, address: string): Promise<void> {
    const { loginThrottleWindowMs, loginMaxFailuresPerAccount, loginMaxFailuresPerAddress } = this.config.identity;
    const [account, byAddress] = await Promise.all([
      this.limiter.hit(LoginThrottle.accountKey(email), loginThrottleWindowMs),
      this.limiter.hit(LoginThrottle.addressKey(address), loginThrottleWindowMs),
    ]);
    const overAccount = account.count > loginMaxFailuresPerAccount;
    const overAddress = byAddress.count > loginMaxFailuresPerAddress;
    if (!overAccount && !overAddress) return;
    this.logger.warn(
      { account: sha256(email).slice(0, 12), address, scope: overAccount ? 'account' : 'address' },
      'Login throttled',
    );
    throw tooManyRequests(
      'Too many failed logins. Please wait a while and try again.',
      Math.max(overAccount ? account.retryAfterMs : 0, overAddress ? byAddress.retryAfterMs : 0),
    );
  }

  async succeeded(email: string, address: string): Promise<void> {
    await Promise.all([
      this.limiter.reset(LoginThrottle.accountKey(email)),
      this.limiter.giveBack(LoginThrottle.addressKey(address)),
    ]);
  }

  /** After a password reset the account starts afresh. */
  async clearAccount(email: string): Promise<void> {
    await this.limiter.reset(LoginThrottle.accountKey(email));
  }
}
