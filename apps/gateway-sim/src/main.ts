/**
 * Starts the gateway simulator: reads and validates the environment (one error listing every bad
 * variable, exit 1), then listens on SIM_HOST:SIM_PORT.
 */
import pino from 'pino';
import { createSimulator } from './app';
import { ConfigError, loadSimConfig, type SimConfig } from './config';

function start(): void {
  let config: SimConfig;
  try {
    config = loadSimConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`gateway-sim: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const log = pino({ level: config.logLevel, base: { service: 'gateway-sim' } });
  const sim = createSimulator({ ...config, logger: log });
  const server = sim.app.listen(config.port, config.host, () => {
    log.info(
      {
        publicUrl: config.publicUrl,
        port: config.port,
        keys: config.keySources,
        fpxDirectAcUrl: config.fpxDirectAcUrl,
        fpxIndirectAcUrl: config.fpxIndirectAcUrl,
        qrNotifyUrl: config.qr.notifyUrl,
        offlineBanks: config.offlineBanks,
        retry: config.retry,
        stateFile: config.stateFile,
      },
      'gateway simulator listening',
    );
  });
  server.on('error', (error) => {
    log.fatal({ err: error }, 'cannot listen');
    process.exit(1);
  });

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping');
    sim.close();
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

start();
