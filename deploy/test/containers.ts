/**
 * Starts the services of a compose profile "on paper": in dependency order, each container's environment
 * (its image's ENV, then what Compose gives it) is handed to the real code the container would run first —
 * the API's configuration validator for the API and the worker, the simulator's for the simulator, the real
 * development-key maker for a command that makes keys — with every path the container would open mapped to
 * a folder of this machine (named volumes: a fresh temporary folder each; secrets and bind mounts: their
 * host file; the rest of the image: an empty folder, since the image holds no keys). What a container
 * would print and exit on is collected as a problem naming the service.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureDevKeys } from '@councilpay/fpx';
import { ConfigError, loadConfig, type AppConfig } from '../../apps/api/src/config/config';
import { ConfigError as SimConfigError, loadSimConfig, type SimConfig } from '../../apps/gateway-sim/src/config';
import { startOrder, type ComposeProject, type Service } from './compose';
import type { Stage } from './dockerfile';

/** What the container runs, recognised from its command line. */
export type Role = 'api' | 'worker' | 'gateway-sim' | 'dev-keys' | 'migrate' | 'other';

export interface Container {
  service: Service;
  stage?: Stage;
  role: Role;
  command: string[];
  user: string;
  workdir: string;
  /** The environment the process sees (image ENV, then Compose's). */
  env: Record<string, string>;
  /** The same with every container path mapped to this machine. */
  hostEnv: Record<string, string>;
  apiConfig?: AppConfig;
  simConfig?: SimConfig;
}

export interface Run {
  containers: Map<string, Container>;
  problems: string[];
  /** Host folder of each named volume. */
  volumeDirs: Record<string, string>;
  cleanup: () => void;
}

export function roleOf(command: string[]): Role {
  const line = command.join(' ');
  if (line.includes('apps/gateway-sim/dist/dev-keys-cli.js') && !line.includes('apps/gateway-sim/dist/main.js'))
    return 'dev-keys';
  if (line.includes('apps/gateway-sim/dist/main.js')) return 'gateway-sim';
  if (line.includes('apps/api/dist/worker.js')) return 'worker';
  if (line.includes('apps/api/dist/main.js')) return 'api';
  if (line.includes('scripts/prisma.mjs migrate deploy')) return 'migrate';
  return 'other';
}

/** Variables the API and the simulator read as paths to files they need. */
const FILE_VARIABLES = [
  'FPX_SELLER_PRIVATE_KEY_FILE',
  'FPX_EXCHANGE_CERT_FILE',
  'CARD_SECRET_FILE',
  'DOCUMENT_SIGNING_KEY_FILE',
  'FPX_EXCHANGE_PRIVATE_KEY_FILE',
  'FPX_SELLER_PUBLIC_KEY_FILE',
  'QR_SECRET_KEY_FILE',
  'QR_WEBHOOK_SECRET_FILE',
];

export function startOnPaper(project: ComposeProject, stages: Map<string, Stage>): Run {
  const scratch = mkdtempSync(join(tmpdir(), 'councilpay-compose-'));
  const imageRoot = join(scratch, 'image');
  const volumeDirs: Record<string, string> = {};
  for (const volume of project.volumes) volumeDirs[volume] = join(scratch, 'volumes', volume);
  /** Who wrote the files of each volume (file modes are real: ensureDevKeys writes private keys 0600). */
  const writers: Record<string, string> = {};
  const problems: string[] = [];
  const containers = new Map<string, Container>();

  for (const service of startOrder(project)) {
    const stage = service.buildTarget ? stages.get(service.buildTarget) : undefined;
    const command = service.command ?? stage?.cmd ?? [];
    const user = service.user ?? stage?.user ?? 'root';
    const workdir = stage?.workdir ?? '/';
    const mounts = [...service.mounts].sort((a, b) => b.target.length - a.target.length);
    const hostPath = (path: string): string => {
      const absolute = path.startsWith('/') ? path : join(workdir, path);
      for (const mount of mounts) {
        if (absolute === mount.target || absolute.startsWith(`${mount.target}/`)) {
          const rest = absolute.slice(mount.target.length);
          if (mount.kind === 'volume') return join(volumeDirs[mount.source], rest);
          if (mount.kind === 'bind') return join(mount.source, rest);
          return project.secrets[mount.source]?.file ?? join(imageRoot, absolute);
        }
      }
      return join(imageRoot, absolute);
    };
    const volumeOf = (path: string): string | undefined => {
      const absolute = path.startsWith('/') ? path : join(workdir, path);
      return mounts.find((m) => m.kind === 'volume' && absolute.startsWith(`${m.target}/`))?.source;
    };

    const env: Record<string, string> = { ...(stage?.env ?? {}), ...service.environment };
    const hostEnv: Record<string, string> = { ...env };
    // The processes resolve DEV_KEYS_DIR against their working directory when it is not set.
    hostEnv['DEV_KEYS_DIR'] = hostPath(env['DEV_KEYS_DIR'] || join(workdir, '.dev-keys'));
    for (const name of FILE_VARIABLES) if (env[name]) hostEnv[name] = hostPath(env[name]);
    if (env['SIM_STATE_FILE'] && env['SIM_STATE_FILE'] !== 'off')
      hostEnv['SIM_STATE_FILE'] = hostPath(env['SIM_STATE_FILE']);

    const role = roleOf(command);
    const container: Container = { service, stage, role, command, user, workdir, env, hostEnv };
    containers.set(service.name, container);
    const say = (problem: string) => problems.push(`${service.name}: ${problem}`);

    const readable = (variable: string) => {
      const path = env[variable];
      if (!path) return;
      const volume = volumeOf(path);
      if (!volume || !writers[volume]) return;
      let mode: number;
      try {
        mode = statSync(hostEnv[variable]).mode;
      } catch {
        return; // the validator reports a missing file itself
      }
      if (user !== 'root' && writers[volume] !== user && (mode & 0o004) === 0)
        say(
          `runs as "${user}" and cannot read ${path} (${variable}): volume "${volume}" was written by "${writers[volume]}" with mode ${(mode & 0o777).toString(8)}`,
        );
    };

    switch (role) {
      case 'dev-keys': {
        const args = command
          .join(' ')
          .split('apps/gateway-sim/dist/dev-keys-cli.js')[1]
          .trim()
          .split(/\s+|&&/)[0];
        const dir = args || env['DEV_KEYS_DIR'] || join(workdir, '.dev-keys');
        ensureDevKeys(hostPath(dir));
        const volume = volumeOf(`${dir}/x`);
        if (volume) writers[volume] = user;
        break;
      }
      case 'gateway-sim': {
        try {
          container.simConfig = loadSimConfig(hostEnv);
          const volume = volumeOf(`${env['DEV_KEYS_DIR'] || join(workdir, '.dev-keys')}/x`);
          if (volume && !writers[volume]) writers[volume] = user;
        } catch (error) {
          if (!(error instanceof SimConfigError)) throw error;
          for (const p of error.problems) say(p);
        }
        for (const name of FILE_VARIABLES) readable(name);
        break;
      }
      case 'api':
      case 'worker': {
        try {
          container.apiConfig = loadConfig(hostEnv);
        } catch (error) {
          if (!(error instanceof ConfigError)) throw error;
          for (const p of error.problems) say(p);
        }
        for (const name of FILE_VARIABLES) readable(name);
        break;
      }
      default:
        break;
    }
  }
  return { containers, problems, volumeDirs, cleanup: () => rmSync(scratch, { recursive: true, force: true }) };
}
