// A chaos run's preload (node --require): this process's clock runs CHAOS_CLOCK_AHEAD_MS ahead, so a worker
// started with it sees the run's Malaysian days as over and makes their collection files, as it would at a day's
// end. Only Date is moved (Date.now() and new Date() without arguments); PostgreSQL's and Redis's clocks are not.
'use strict';
const ahead = Number(process.env.CHAOS_CLOCK_AHEAD_MS);
if (!Number.isFinite(ahead)) throw new Error('clock-ahead.cjs: CHAOS_CLOCK_AHEAD_MS must be a number of ms');
const RealDate = Date;
class AheadDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(RealDate.now() + ahead);
    else super(...args);
  }
  static now() {
    return RealDate.now() + ahead;
  }
}
globalThis.Date = AheadDate;
