/**
 * Starts the council simulator on COUNCIL_SIM_HOST:COUNCIL_SIM_PORT (default 127.0.0.1:3200). COUNCIL_SIM_SECRET
 * (optional, whsec_…) is an endpoint secret to verify with; more are given through POST /control/secrets.
 */
import pino from 'pino';
import { createCouncilSim } from './app';

function start(): void {
  const port = Number(process.env.COUNCIL_SIM_PORT ?? '3200');
  const host = process.env.COUNCIL_SIM_HOST ?? '127.0.0.1';
  const secret = process.env.COUNCIL_SIM_SECRET;
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    process.stderr.write('council-sim: COUNCIL_SIM_PORT must be a port number (1-65535)\n');
    process.exit(1);
  }
  const log = pino({ level: process.env.LOG_LEVEL ?? 'info', base: { service: 'council-sim' } });
  const sim = createCouncilSim({ secrets: secret ? [secret] : [], logger: log });
  const server = sim.app.listen(port, host, () => log.info({ host, port }, 'council simulator listening'));
  server.on('error', (error) => {
    log.fatal({ err: error }, 'cannot listen');
    process.exit(1);
  });
  const stop = (signal: string) => {
    log.info({ signal }, 'stopping');
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 3000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

start();
