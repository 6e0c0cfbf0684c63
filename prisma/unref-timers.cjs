// Workaround 5 of prisma.config.ts: let the Prisma CLI exit while its wasm schema engine still holds long
// (10 s, 60 s) timers after `migrate dev`. Loaded with NODE_OPTIONS=--require for CLI calls only.
const originalSetTimeout = global.setTimeout;
global.setTimeout = function (fn, ms, ...args) {
  const timer = originalSetTimeout.call(this, fn, ms, ...args);
  if (ms >= 10000 && timer && typeof timer.unref === 'function') timer.unref();
  return timer;
};
