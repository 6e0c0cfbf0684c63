import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_SESSION_SECRET } from '../../apps/api/src/config/config';
import { loadCompose, type ComposeProject } from './compose';
import { startOnPaper, type Container, type Role, type Run } from './containers';
import { holds, readDockerfile } from './dockerfile';
import { makeSecretsDir, operatorEnvironment } from './operator';
import { isPinned, workerGraceNeededSeconds } from './rules';

const ROOT = resolve(__dirname, '../..');
const COMPOSE_FILE = resolve(ROOT, 'docker-compose.yml');
const stages = readDockerfile(resolve(ROOT, 'Dockerfile'));

function byRole(run: Run, role: Role): Container[] {
  return [...run.containers.values()].filter((c) => c.role === role);
}

function only(run: Run, role: Role): Container {
  const found = byRole(run, role);
  expect(
    found.map((c) => c.service.name),
    `exactly one service runs the ${role}`,
  ).toHaveLength(1);
  return found[0];
}

const secretsDir = makeSecretsDir();
afterAll(() => rmSync(secretsDir, { recursive: true, force: true }));

describe('docker compose --profile production up, read as Compose reads it', () => {
  let project: ComposeProject;
  let run: Run;
  beforeAll(() => {
    project = loadCompose(COMPOSE_FILE, { env: operatorEnvironment(secretsDir), profiles: ['production'] });
    run = startOnPaper(project, stages);
  });
  afterAll(() => run?.cleanup());

  it('every server container passes the real configuration validator in production mode', () => {
    expect(run.problems).toEqual([]);
    const servers = [...byRole(run, 'api'), ...byRole(run, 'worker')];
    expect(servers.map((c) => c.role).sort()).toEqual(['api', 'worker']);
    for (const server of servers) {
      expect(server.apiConfig?.nodeEnv, server.service.name).toBe('production');
    }
  });

  it('runs nothing of the demo: no gateway simulator, no development keys, no mail catcher', () => {
    const names = (role: Role) => byRole(run, role).map((c) => c.service.name);
    expect(names('gateway-sim')).toEqual([]);
    expect(names('dev-keys')).toEqual([]);
    const images = [...run.containers.values()].map((c) => c.service.image ?? c.service.buildTarget);
    expect(images.filter((image) => /mailpit|gateway-sim/.test(String(image)))).toEqual([]);
    const withDevKeys = [...run.containers.values()].filter((c) => 'DEV_KEYS_DIR' in c.env);
    expect(withDevKeys.map((c) => c.service.name)).toEqual([]);
  });

  it('migrates the database the API uses, then seeds councils only: no demo staff accounts, no demo bills', () => {
    const migrate = only(run, 'migrate');
    const api = only(run, 'api');
    expect(migrate.env['DATABASE_URL']).toBe(api.env['DATABASE_URL']);
    expect(api.service.dependsOn[migrate.service.name]?.condition).toBe('service_completed_successfully');
    expect(only(run, 'worker').service.dependsOn[migrate.service.name]?.condition).toBe(
      'service_completed_successfully',
    );
    expect(migrate.command.join(' ')).toMatch(/prisma\/seed\/index\.ts --reference\b/);
  });

  it('gives the worker longer to stop than a message send or a gateway enquiry may take', () => {
    const worker = only(run, 'worker');
    expect(worker.apiConfig, 'the worker starts').toBeDefined();
    // Compose sends SIGKILL 10 s after SIGTERM unless stop_grace_period says otherwise.
    expect(worker.service.stopGracePeriodSeconds ?? 10).toBeGreaterThan(workerGraceNeededSeconds(worker.apiConfig!));
  });
});

describe('docker compose --profile production up without real secrets', () => {
  const complete = () => operatorEnvironment(secretsDir);
  const required = Object.keys(complete()).filter((name) => !['COUNCILPAY_SECRETS_DIR', 'MAIL_FROM'].includes(name));

  it.each(required)('refuses to start when %s is not set, and says which variable', (name) => {
    const env: Record<string, string> = { ...complete(), [name]: '' };
    expect(() => loadCompose(COMPOSE_FILE, { env, profiles: ['production'] })).toThrow(
      new RegExp(`required variable ${name} is missing a value: \\S`),
    );
  });

  it.each([
    ['a short one', 'changeme'],
    ['the development one', DEV_SESSION_SECRET],
  ])('refuses %s as SESSION_SECRET', (_what, secret) => {
    const project = loadCompose(COMPOSE_FILE, {
      env: { ...complete(), SESSION_SECRET: secret },
      profiles: ['production'],
    });
    const run = startOnPaper(project, stages);
    run.cleanup();
    expect(run.problems).toEqual(
      expect.arrayContaining([expect.stringMatching(/^api: SESSION_SECRET must be at least 32 random characters/)]),
    );
  });

  it('refuses to start when the gateway keys are not in the secrets folder', () => {
    const empty = mkdtempSync(join(tmpdir(), 'councilpay-no-secrets-'));
    const project = loadCompose(COMPOSE_FILE, {
      env: { ...complete(), COUNCILPAY_SECRETS_DIR: empty },
      profiles: ['production'],
    });
    const run = startOnPaper(project, stages);
    run.cleanup();
    rmSync(empty, { recursive: true, force: true });
    for (const variable of ['FPX_SELLER_PRIVATE_KEY_FILE', 'FPX_EXCHANGE_CERT_FILE', 'CARD_SECRET_FILE'])
      expect(run.problems).toEqual(expect.arrayContaining([expect.stringMatching(`^api: ${variable} cannot be read`)]));
  });
});

describe('docker compose --profile demo up, read as Compose reads it', () => {
  let project: ComposeProject;
  let run: Run;
  beforeAll(() => {
    // Nothing set at all: the demo must start on a fresh machine.
    project = loadCompose(COMPOSE_FILE, { env: {}, profiles: ['demo'] });
    run = startOnPaper(project, stages);
  });
  afterAll(() => run?.cleanup());

  it('starts with no variable set: API, worker and simulator pass their validators with the development keys', () => {
    expect(run.problems).toEqual([]);
    expect(project.unsetVariables).toEqual([]);
    const api = only(run, 'api');
    const worker = only(run, 'worker');
    const sim = only(run, 'gateway-sim');
    expect(api.apiConfig?.nodeEnv).toBe('development');
    expect(worker.apiConfig?.nodeEnv).toBe('development');
    // The API and the simulator hold the two halves of the same development key pairs.
    expect(api.apiConfig?.gateways.card.secret).toBe(sim.simConfig?.cardSecret);
  });

  it('seeds the demo data into its own database, never the one production uses', () => {
    const migrate = only(run, 'migrate');
    expect(migrate.command.join(' ')).toMatch(/prisma\/seed\/index\.ts(?! --reference)/);
    const production = loadCompose(COMPOSE_FILE, {
      env: operatorEnvironment(secretsDir),
      profiles: ['production'],
    });
    const productionVolumes = new Set(
      [...production.services.values()].flatMap((s) =>
        s.mounts.filter((m) => m.kind === 'volume').map((m) => m.source),
      ),
    );
    const demoVolumes = [...project.services.values()].flatMap((s) =>
      s.mounts.filter((m) => m.kind === 'volume').map((m) => m.source),
    );
    expect(demoVolumes.filter((v) => productionVolumes.has(v))).toEqual([]);
  });
});

describe('docker-compose.yml and the Dockerfile', () => {
  const everything = () => {
    const project = loadCompose(COMPOSE_FILE, {
      env: operatorEnvironment(secretsDir),
      profiles: ['production', 'demo'],
    });
    return [...project.services.values()];
  };

  it('every service that builds names a Dockerfile target, and runs files that target holds', () => {
    for (const service of everything()) {
      if (!service.buildTarget) continue;
      const stage = stages.get(service.buildTarget);
      expect(stage, `${service.name} builds target ${service.buildTarget}`).toBeDefined();
      const command = (service.command ?? stage!.cmd ?? []).join(' ');
      for (const [built, app, file] of command.matchAll(/apps\/([\w-]+)\/dist\/([\w-]+)\.js/g)) {
        expect(existsSync(resolve(ROOT, 'apps', app, 'src', `${file}.ts`)), `${service.name} runs ${app}/${file}`).toBe(
          true,
        );
        expect(
          holds(stages, service.buildTarget, built),
          `${service.name}: ${service.buildTarget} holds ${built}`,
        ).toBe(true);
      }
      for (const [script] of command.matchAll(/(?:scripts|prisma)\/[\w/.-]+\.(?:mjs|ts)/g)) {
        expect(existsSync(resolve(ROOT, script)), `${service.name} runs ${script}`).toBe(true);
        expect(
          holds(stages, service.buildTarget, script),
          `${service.name}: ${service.buildTarget} holds ${script}`,
        ).toBe(true);
      }
    }
  });

  it('keeps the secrets folder and .env out of the image build', () => {
    const ignored = readFileSync(resolve(ROOT, '.dockerignore'), 'utf8').split('\n');
    // The default folder: COUNCILPAY_SECRETS_DIR not set.
    const { COUNCILPAY_SECRETS_DIR: _default, ...env } = operatorEnvironment(secretsDir);
    const project = loadCompose(COMPOSE_FILE, { env, profiles: ['production'] });
    const folders = Object.values(project.secrets).map((s) => relative(ROOT, dirname(s.file!)));
    expect(folders.length).toBeGreaterThan(0);
    for (const folder of [...new Set(folders)]) expect(ignored, `.dockerignore lists ${folder}`).toContain(folder);
    expect(ignored).toContain('.env');
  });

  it('a volume that a non-root process writes is mounted where its image made a folder that user owns', () => {
    const project = loadCompose(COMPOSE_FILE, { env: {}, profiles: ['demo'] });
    for (const service of project.services.values()) {
      const stage = service.buildTarget ? stages.get(service.buildTarget) : undefined;
      if (!stage || stage.user === 'root') continue;
      for (const mount of service.mounts.filter((m) => m.kind === 'volume' && !m.readOnly)) {
        const owned = stage.runs.some(
          (run) => run.includes(mount.target) && new RegExp(`-o ${stage.user}\\b|chown ${stage.user}\\b`).test(run),
        );
        expect(owned, `${service.name}: target ${stage.name} makes ${mount.target} owned by ${stage.user}`).toBe(true);
      }
    }
  });

  it('every image it pulls is pinned by a tag other than latest', () => {
    const unpinned = everything()
      .filter((s) => s.image && !s.buildTarget && !isPinned(s.image))
      .map((s) => `${s.name}: ${s.image}`);
    expect(unpinned).toEqual([]);
  });
});
