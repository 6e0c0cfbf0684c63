/** The rate limiter moved to rate-limit/ (shared by every module); this name stays for existing imports. */
export { RateLimiter, tooManyRequests } from '../rate-limit/rate-limiter';
