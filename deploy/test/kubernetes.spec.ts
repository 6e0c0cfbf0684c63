import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDevKeys } from '@councilpay/fpx';
import { BILL_FILE_LIMITS } from '../../apps/api/src/bills/bill-file-limits';
import { SETTLEMENT_BODY_LIMIT } from '../../apps/api/src/http/body-limits';
import { loadCompose } from './compose';
import { roleOf } from './containers';
import { holds, readDockerfile } from './dockerfile';
import {
  podSpec,
  render,
  schemaProblem,
  startPodsOnPaper,
  targetOf,
  type K8sObject,
  type OperatorSecrets,
  type PodContainer,
  type PodRun,
} from './kubernetes';
import { makeSecretsDir, operatorEnvironment } from './operator';
import { unknownFields } from './strict-fields';
import { isPinned, workerGraceNeededSeconds } from './rules';

const ROOT = resolve(__dirname, '../..');
const OVERLAYS = resolve(ROOT, 'deploy/kubernetes/overlays');
const stages = readDockerfile(resolve(ROOT, 'Dockerfile'));

/** Variables whose value is a secret (a key, a password, or a URL that holds one). */
const SECRET_VARIABLES = [
  'SESSION_SECRET',
  'DATABASE_URL',
  'REDIS_URL',
  'SMTP_URL',
  'SMS_TOKEN',
  'CARD_SECRET',
  'QR_SECRET_KEY',
  'QR_WEBHOOK_SECRET',
  'FPX_SELLER_PRIVATE_KEY',
  'FPX_EXCHANGE_PRIVATE_KEY',
  'SEED_ADMIN_PASSWORD',
  'POSTGRES_PASSWORD',
];

const scratch = mkdtempSync(join(tmpdir(), 'councilpay-operator-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The Secrets docs/operations.md tells the operator to create for each overlay. */
function operatorSecrets(overlay: string): OperatorSecrets {
  const external = {
    DATABASE_URL: `postgresql://councilpay:${randomBytes(12).toString('hex')}@db.example.my:5432/councilpay?sslmode=require`,
    REDIS_URL: `rediss://:${randomBytes(12).toString('hex')}@redis.example.my:6380`,
  };
  if (overlay === 'demo')
    return {
      env: { 'councilpay-secrets': external },
      files: { 'councilpay-gateway-keys': ensureDevKeys(join(scratch, 'demo-keys')).dir },
    };
  const operator = operatorEnvironment('');
  return {
    env: {
      'councilpay-secrets': {
        ...external,
        SESSION_SECRET: operator.SESSION_SECRET,
        SMTP_URL: operator.SMTP_URL,
        SMS_TOKEN: operator.SMS_TOKEN,
      },
    },
    files: { 'councilpay-gateway-keys': makeSecretsDir(scratch) },
  };
}

function workloads(objects: K8sObject[], component: string): K8sObject[] {
  return objects.filter((o) => podSpec(o) && o.metadata.labels?.['app.kubernetes.io/component'] === component);
}

function one(objects: K8sObject[], kind: string, component: string): K8sObject {
  const found = objects.filter(
    (o) => o.kind === kind && o.metadata.labels?.['app.kubernetes.io/component'] === component,
  );
  expect(
    found.map((o) => o.metadata.name),
    `one ${kind} for the ${component}`,
  ).toHaveLength(1);
  return found[0];
}

function selects(selector: Record<string, string>, labels: Record<string, string>): boolean {
  return Object.entries(selector).every(([k, v]) => labels[k] === v);
}

describe.each(['production', 'demo'])('Kubernetes overlay %s, rendered by kubectl kustomize', (overlay) => {
  let objects: K8sObject[];
  let run: PodRun;
  const containers = (role: string): PodContainer[] => run.containers.filter((c) => c.role === role && !c.init);

  beforeAll(() => {
    objects = render(join(OVERLAYS, overlay));
    run = startPodsOnPaper(objects, stages, operatorSecrets(overlay));
  });
  afterAll(() => run?.cleanup());

  it('every object is valid against the Kubernetes schemas', () => {
    expect(objects.length).toBeGreaterThan(0);
    expect(objects.map(schemaProblem).filter(Boolean)).toEqual([]);
  });

  it('has no field its kind does not have (strict: a misspelt field would be ignored by the cluster)', () => {
    expect(objects.flatMap(unknownFields)).toEqual([]);
    // The check itself: two misspellings in a copy of the API's Deployment are both named.
    const api = structuredClone(one(objects, 'Deployment', 'api'));
    api.spec.template.spec.containers[0].readinesProbe = { httpGet: { path: '/api/health', port: 'http' } };
    api.spec.template.spec.securityContex = { runAsNonRoot: true };
    api.spec.template.spec.containers[0].resources.limits.memroy = '1Gi';
    expect(unknownFields(api)).toEqual([
      'Deployment/councilpay-api.spec.template.spec.containers[0].readinesProbe',
      'Deployment/councilpay-api.spec.template.spec.securityContex',
    ]);
  }, 60_000);

  it('every server container passes the real configuration validator, given the Secrets the operator makes', () => {
    expect(run.problems).toEqual([]);
    const servers = [...containers('api'), ...containers('worker')];
    expect(servers.map((c) => c.role).sort()).toEqual(['api', 'worker']);
    for (const server of servers) {
      const mode = overlay === 'production' ? 'production' : 'development';
      expect(server.apiConfig?.nodeEnv, server.owner.metadata.name).toBe(mode);
    }
    if (overlay === 'demo')
      expect(containers('api')[0].apiConfig?.gateways.card.secret).toBe(
        containers('gateway-sim')[0].simConfig?.cardSecret,
      );
  });

  it('holds no secret value: no Secret object, no secret variable written in, no key material', () => {
    expect(objects.filter((o) => o.kind === 'Secret').map((o) => o.metadata.name)).toEqual([]);
    const written: string[] = [];
    for (const o of objects.filter((x) => x.kind === 'ConfigMap'))
      for (const key of Object.keys(o.data ?? {}))
        if (SECRET_VARIABLES.includes(key)) written.push(`${o.metadata.name}: ${key}`);
    for (const c of run.containers)
      for (const v of c.spec.env ?? [])
        if (SECRET_VARIABLES.includes(v.name) && v.value !== undefined)
          written.push(`${c.owner.metadata.name}/${c.name}: ${v.name}`);
    expect(written).toEqual([]);
    expect(JSON.stringify(objects)).not.toMatch(/-----BEGIN|PRIVATE KEY/);
  });

  it('every image is pinned by a tag, built by a Dockerfile target, running files that target holds', () => {
    for (const c of run.containers) {
      const where = `${c.owner.metadata.name}/${c.name}`;
      expect(isPinned(c.spec.image), `${where}: ${c.spec.image}`).toBe(true);
      expect(stages.has(targetOf(c.spec.image)), `${where}: ${c.spec.image} is a Dockerfile target`).toBe(true);
      const command = (c.spec.command ?? c.stage?.cmd ?? []).join(' ');
      const target = targetOf(c.spec.image);
      for (const [built, app, file] of command.matchAll(/apps\/([\w-]+)\/dist\/([\w-]+)\.js/g)) {
        expect(existsSync(resolve(ROOT, 'apps', app, 'src', `${file}.ts`)), `${where} runs ${app}/${file}`).toBe(true);
        expect(holds(stages, target, built), `${where}: image ${target} holds ${built}`).toBe(true);
      }
      for (const [script] of command.matchAll(/(?:scripts|prisma)\/[\w/.-]+\.(?:mjs|ts)/g)) {
        expect(existsSync(resolve(ROOT, script)), `${where} runs ${script}`).toBe(true);
        expect(holds(stages, target, script), `${where}: image ${target} holds ${script}`).toBe(true);
      }
    }
  });

  it('every container asks for CPU and memory and has a memory limit', () => {
    const missing = run.containers
      .filter(
        (c) =>
          !c.spec.resources?.requests?.cpu || !c.spec.resources?.requests?.memory || !c.spec.resources?.limits?.memory,
      )
      .map((c) => `${c.owner.metadata.name}/${c.name}`);
    expect(missing).toEqual([]);
  });

  it('the API: two replicas or more spread over machines, probes, graceful shutdown, autoscaled from two, a disruption budget', () => {
    const api = one(objects, 'Deployment', 'api');
    const spec = podSpec(api);
    const container = spec.containers.find((c: { command: string[] }) => roleOf(c.command) === 'api');
    expect(api.spec.replicas).toBeGreaterThanOrEqual(2);
    expect(spec.topologySpreadConstraints?.map((t: { topologyKey: string }) => t.topologyKey)).toContain(
      'kubernetes.io/hostname',
    );
    expect(container.readinessProbe?.httpGet?.path).toBe('/api/health');
    // Liveness asks the event loop (an HTTP answer), not the kernel (a TCP accept), and reads no server.
    expect(container.livenessProbe?.httpGet?.path).toBe('/api/health/live');
    expect(container.startupProbe?.httpGet?.path).toBe('/api/health/live');
    expect(container.lifecycle?.preStop).toBeDefined();
    expect(spec.terminationGracePeriodSeconds).toBeGreaterThan(10);
    const hpa = one(objects, 'HorizontalPodAutoscaler', 'api');
    expect(hpa.spec.scaleTargetRef).toMatchObject({ kind: 'Deployment', name: api.metadata.name });
    expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
    const pdb = one(objects, 'PodDisruptionBudget', 'api');
    expect(selects(pdb.spec.selector.matchLabels, api.spec.template.metadata.labels)).toBe(true);
    const service = one(objects, 'Service', 'api');
    expect(selects(service.spec.selector, api.spec.template.metadata.labels)).toBe(true);
  });

  it('the worker: replicas, a disruption budget, longer to stop than a job may take, and probes on its health endpoints', () => {
    const worker = one(objects, 'Deployment', 'worker');
    expect(worker.spec.replicas).toBeGreaterThanOrEqual(2);
    const pdb = one(objects, 'PodDisruptionBudget', 'worker');
    expect(selects(pdb.spec.selector.matchLabels, worker.spec.template.metadata.labels)).toBe(true);
    const [container] = containers('worker');
    expect(podSpec(worker).terminationGracePeriodSeconds).toBeGreaterThan(
      workerGraceNeededSeconds(container.apiConfig!),
    );
    // Probes on the health endpoints the worker serves on WORKER_HEALTH_PORT (worker-health.spec.ts).
    const port = container.spec.ports.find((p: { name: string }) => p.name === 'health')?.containerPort;
    expect(container.apiConfig!.workerHealthPort).toBe(port);
    expect(container.spec.livenessProbe?.httpGet).toEqual({ path: '/live', port: 'health' });
    expect(container.spec.readinessProbe?.httpGet).toEqual({ path: '/ready', port: 'health' });
    // The start-up probe outlasts the worker's own start deadline (after which it exits 1 naming its step).
    const startup = container.spec.startupProbe;
    expect(startup?.httpGet).toEqual({ path: '/live', port: 'health' });
    expect(startup.periodSeconds * startup.failureThreshold * 1000).toBeGreaterThan(
      container.apiConfig!.workerStartTimeoutMs,
    );
  });

  it('network policies: everything denied by default; calls in only to the API (and the demo simulator) on their ports; out only to the servers each needs', () => {
    const policies = objects.filter((o) => o.kind === 'NetworkPolicy');
    const deny = policies.find(
      (p) => Object.keys(p.spec.podSelector).length === 0 && !p.spec.ingress && !p.spec.egress,
    );
    expect(deny?.spec.policyTypes).toEqual(['Ingress', 'Egress']);
    const labelsOf = (o: K8sObject) => podSpec(o) && o.spec.template.metadata.labels;
    const selecting = (labels: Record<string, string>) =>
      policies.filter((p) => {
        const { matchLabels = {}, matchExpressions = [] } = p.spec.podSelector;
        return (
          selects(matchLabels, labels) &&
          matchExpressions.every(
            (e: { key: string; operator: string; values: string[] }) =>
              e.operator === 'In' && e.values.includes(labels[e.key]),
          )
        );
      });
    const portsOf = (rules: { ports?: { port: number }[] }[] = []) =>
      new Set(rules.flatMap((r) => (r.ports ?? []).map((p) => p.port)));
    const open = overlay === 'demo' ? ['api', 'gateway-sim'] : ['api'];
    const allowedOut: Record<string, number[]> = {
      api: [53, 5432, 6379, 6380, 443, 465, 587, 3100],
      worker: [53, 5432, 6379, 6380, 443, 465, 587, 3100],
      migrate: [53, 5432],
      'gateway-sim': [53, 3000],
    };
    for (const workload of objects.filter((o) => labelsOf(o))) {
      const labels = labelsOf(workload);
      const component = labels['app.kubernetes.io/component'];
      const mine = selecting(labels);
      expect(mine, `${workload.metadata.name} is under the default deny`).toContain(deny);
      const ingressRules = mine.flatMap((p) => p.spec.ingress ?? []);
      const declared = new Set(
        podSpec(workload).containers.flatMap((c: { ports?: { containerPort: number }[] }) =>
          (c.ports ?? []).map((p) => p.containerPort),
        ),
      );
      for (const port of portsOf(ingressRules))
        expect(declared.has(port), `${workload.metadata.name} takes calls on ${port}, a port it declares`).toBe(true);
      if (!open.includes(component)) {
        // Only health probes reach a pod that takes no calls: no rule opens its service to other pods.
        expect(ingressRules.every((r: { from?: unknown }) => !r.from)).toBe(true);
      }
      const out = [...portsOf(mine.flatMap((p) => p.spec.egress ?? []))];
      expect(
        out.filter((port) => !allowedOut[component].includes(port)),
        `${component} egress ports`,
      ).toEqual([]);
      expect(out, `${component} may resolve names and reach PostgreSQL`).toEqual(
        expect.arrayContaining(component === 'gateway-sim' ? [53, 3000] : [53, 5432]),
      );
    }
    const apiIngress = selecting(labelsOf(one(objects, 'Deployment', 'api'))).flatMap((p) => p.spec.ingress ?? []);
    // Payers' requests, and Prometheus's scrapes on the metrics port the API is configured with.
    expect([...portsOf(apiIngress)]).toEqual([3000, containers('api')[0].apiConfig!.metricsPort]);
  });

  it('the Ingresses name their class and take the bodies the API takes: 3 MB everywhere, a bill file on its path', () => {
    const bytes = (text: string) => {
      const [, n, unit] = /^(\d+)\s*([kmg]?)b?$/i.exec(text) ?? [];
      return Number(n) * { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[unit.toLowerCase() as '' | 'k' | 'm' | 'g'];
    };
    const ingresses = objects.filter((o) => o.kind === 'Ingress');
    const bodyLimit = (o: K8sObject) =>
      bytes(o.metadata.annotations?.['nginx.ingress.kubernetes.io/proxy-body-size'] ?? '1m');
    for (const ingress of ingresses) expect(ingress.spec.ingressClassName, ingress.metadata.name).toBe('nginx');
    const main = ingresses.find((o) => o.metadata.name === 'councilpay')!;
    expect(bodyLimit(main)).toBeGreaterThan(bytes(SETTLEMENT_BODY_LIMIT));
    const files = ingresses.find((o) => o.metadata.name === 'councilpay-bill-files')!;
    const paths = files.spec.rules.flatMap(
      (r: { http: { paths: { path: string; pathType: string }[] } }) => r.http.paths,
    );
    expect(paths.map((p: { path: string; pathType: string }) => `${p.pathType} ${p.path}`)).toEqual([
      'Exact /api/admin/bill-imports',
    ]);
    expect(bodyLimit(files)).toBeGreaterThan(BILL_FILE_LIMITS.maxBytes);
    expect(files.metadata.annotations?.['nginx.ingress.kubernetes.io/proxy-request-buffering']).toBe('off');
  });

  it("at the autoscaler's maximum the connections to PostgreSQL stay under its default max_connections (100)", () => {
    const [api] = containers('api');
    const [worker] = containers('worker');
    const apiReplicas = one(objects, 'HorizontalPodAutoscaler', 'api').spec.maxReplicas as number;
    const workerReplicas = one(objects, 'Deployment', 'worker').spec.replicas as number;
    // Each API process: its pool and one LISTEN connection (the live status stream); each worker: its pool.
    const total =
      apiReplicas * (api.apiConfig!.databasePoolSize + 1) + workerReplicas * worker.apiConfig!.databasePoolSize;
    expect(total, `${apiReplicas} API pods and ${workerReplicas} workers`).toBeLessThanOrEqual(90);
  });

  it("migrates in a Job running the compose profile's migrate command; API and worker pods wait for it", () => {
    const job = one(objects, 'Job', 'migrate');
    const [migrate] = podSpec(job).containers;
    const composeEnv = overlay === 'production' ? operatorEnvironment(scratch) : {};
    const compose = loadCompose(resolve(ROOT, 'docker-compose.yml'), { env: composeEnv, profiles: [overlay] });
    const composeMigrate = [...compose.services.values()].find((s) => s.command && roleOf(s.command) === 'migrate');
    expect(migrate.command).toEqual(composeMigrate?.command);
    for (const component of ['api', 'worker']) {
      const init = podSpec(one(objects, 'Deployment', component)).initContainers ?? [];
      const waits = init.filter(
        (c: { command: string[] }) => c.command.join(' ') === 'node scripts/migration-gate.mjs --wait',
      );
      // The gate is in the component's own image (the server image holds it and the migrations it compares),
      // of the same release as the migration Job.
      const [main] = podSpec(one(objects, 'Deployment', component)).containers;
      expect(
        waits.map((c: { image: string }) => c.image),
        `${component} waits for the migrations`,
      ).toEqual([main.image]);
      expect(main.image.split(':').pop(), `${component} and the migration Job are one release`).toBe(
        migrate.image.split(':').pop(),
      );
    }
  });

  it('PostgreSQL and Redis are outside the cluster, reached by the URLs of a Secret', () => {
    const images = run.containers.map((c) => c.spec.image as string);
    expect(images.filter((i) => /postgres|redis/.test(i))).toEqual([]);
    expect(objects.filter((o) => o.kind === 'StatefulSet' || o.kind === 'PersistentVolumeClaim')).toEqual([]);
    for (const c of [...containers('api'), ...containers('worker')]) {
      const fromSecret = (c.spec.envFrom ?? []).some((e: { secretRef?: unknown }) => e.secretRef);
      expect(fromSecret, `${c.owner.metadata.name} reads DATABASE_URL and REDIS_URL from a Secret`).toBe(true);
    }
  });

  it("every container that reaches PostgreSQL mounts the database's CA where the documented DATABASE_URL points", () => {
    const docs = readFileSync(resolve(ROOT, 'docs/operations.md'), 'utf8');
    const caFile = /DATABASE_URL='[^']*sslrootcert=([^'&]+)'/.exec(docs)?.[1];
    expect(caFile, 'docs/operations.md gives a DATABASE_URL with sslrootcert').toBeDefined();
    const users = run.containers.filter((c) => 'DATABASE_URL' in c.env);
    expect(users.map((c) => `${c.owner.kind}/${c.name}`)).toEqual(
      expect.arrayContaining(['Job/migrate', 'Deployment/wait-for-migrations', 'Deployment/api', 'Deployment/worker']),
    );
    for (const c of users) {
      const mounts = (c.spec.volumeMounts ?? []) as { name: string; mountPath: string }[];
      const mount = mounts.find((m) => caFile!.startsWith(`${m.mountPath}/`));
      expect(mount?.name, `${c.owner.metadata.name}/${c.name} mounts ${caFile}`).toBe('database-ca');
    }
  });

  it(overlay === 'production' ? 'has no gateway simulator' : 'runs the gateway simulator', () => {
    const sims = workloads(objects, 'gateway-sim').map((o) => o.metadata.name);
    if (overlay === 'production') {
      expect(sims).toEqual([]);
      expect(JSON.stringify(objects)).not.toContain('gateway-sim');
    } else expect(sims).toHaveLength(1);
  });
});
