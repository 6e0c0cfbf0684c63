/**
 * The Kubernetes manifests, rendered offline by `kubectl kustomize` (Kustomize as the operator's
 * `kubectl apply -k` runs it), validated against the Kubernetes schemas of the kubernetes-models package,
 * and each container started "on paper" like the compose services: its environment (image ENV, then envFrom
 * and env, with the ConfigMaps of the render and the Secrets an operator creates) handed to the real
 * configuration validators, with mounted Secrets mapped to folders of this machine.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Job } from 'kubernetes-models/batch/v1';
import { Ingress, NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Namespace, Secret, Service } from 'kubernetes-models/v1';
import { ConfigError, loadConfig, type AppConfig } from '../../apps/api/src/config/config';
import { ConfigError as SimConfigError, loadSimConfig, type SimConfig } from '../../apps/gateway-sim/src/config';
import { roleOf, type Role } from './containers';
import type { Stage } from './dockerfile';

/* eslint-disable @typescript-eslint/no-explicit-any -- rendered YAML is untyped until validated by schema */
export type K8sObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [key: string]: any;
};

export function render(dir: string): K8sObject[] {
  const result = spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8' });
  if (result.error)
    throw new Error(
      `kubectl is needed to render ${dir} (kubectl kustomize, Kustomize v5): ${result.error.message}. It is on our machines; elsewhere install kubectl 1.27 or later.`,
    );
  if (result.status !== 0) throw new Error(`kubectl kustomize ${dir} failed:\n${result.stderr}`);
  return parseAllDocuments(result.stdout).map((doc) => doc.toJSON() as K8sObject);
}

type Validating = new (data: unknown) => { validate(): void };
const MODELS: Record<string, unknown> = {
  'apps/v1/Deployment': Deployment,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'batch/v1/Job': Job,
  'networking.k8s.io/v1/Ingress': Ingress,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'v1/ConfigMap': ConfigMap,
  'v1/Namespace': Namespace,
  'v1/Secret': Secret,
  'v1/Service': Service,
};

/** Schema problems of one object ("" when valid). */
export function schemaProblem(object: K8sObject): string {
  const model = MODELS[`${object.apiVersion}/${object.kind}`] as Validating | undefined;
  if (!model) return `${object.kind} ${object.metadata?.name}: no schema known for ${object.apiVersion} ${object.kind}`;
  try {
    new model(object).validate();
    return '';
  } catch (error) {
    return `${object.kind} ${object.metadata.name}: ${(error as Error).message}`;
  }
}

/** What an operator creates before applying an overlay: env Secrets by name, file Secrets by folder. */
export interface OperatorSecrets {
  env: Record<string, Record<string, string>>;
  files: Record<string, string>;
}

export interface PodContainer {
  owner: K8sObject;
  name: string;
  init: boolean;
  spec: any;
  role: Role;
  stage?: Stage;
  env: Record<string, string>;
  hostEnv: Record<string, string>;
  apiConfig?: AppConfig;
  simConfig?: SimConfig;
}

export function podSpec(object: K8sObject): any {
  return object.spec?.template?.spec;
}

/** The Dockerfile target an image is built from: its name's last segment (registry/councilpay/server:1 -> server). */
export function targetOf(image: string): string {
  return (image.split('/').pop() ?? image).split(/[:@]/)[0];
}

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

export interface PodRun {
  containers: PodContainer[];
  problems: string[];
  cleanup: () => void;
}

export function startPodsOnPaper(objects: K8sObject[], stages: Map<string, Stage>, secrets: OperatorSecrets): PodRun {
  const scratch = mkdtempSync(join(tmpdir(), 'councilpay-k8s-'));
  const configMaps = new Map(
    objects.filter((o) => o.kind === 'ConfigMap').map((o) => [o.metadata.name, o.data as Record<string, string>]),
  );
  const problems: string[] = [];
  const containers: PodContainer[] = [];

  for (const owner of objects.filter((o) => podSpec(o))) {
    const spec = podSpec(owner);
    const volumes = new Map<string, string>();
    for (const volume of spec.volumes ?? []) {
      if (volume.secret) {
        const dir = secrets.files[volume.secret.secretName];
        if (!dir && !volume.secret.optional)
          problems.push(
            `${owner.metadata.name}: mounts Secret ${volume.secret.secretName}, which the operator does not make`,
          );
        volumes.set(volume.name, dir ?? join(scratch, 'missing', volume.name));
      } else if (volume.emptyDir) {
        volumes.set(volume.name, join(scratch, owner.metadata.name, volume.name));
      } else problems.push(`${owner.metadata.name}: volume ${volume.name} is neither a Secret nor an emptyDir`);
    }
    const all = [
      ...(spec.initContainers ?? []).map((c: any) => ({ c, init: true })),
      ...spec.containers.map((c: any) => ({ c, init: false })),
    ];
    for (const { c, init } of all) {
      const where = `${owner.metadata.name}/${c.name}`;
      const say = (problem: string) => problems.push(`${where}: ${problem}`);
      const stage = stages.get(targetOf(c.image));
      if (!stage) say(`image ${c.image} is no target of the Dockerfile`);
      const env: Record<string, string> = { ...(stage?.env ?? {}) };
      for (const source of c.envFrom ?? []) {
        if (source.configMapRef) {
          const data = configMaps.get(source.configMapRef.name);
          if (!data) say(`ConfigMap ${source.configMapRef.name} is not in the manifests`);
          Object.assign(env, data ?? {});
        } else if (source.secretRef) {
          const data = secrets.env[source.secretRef.name];
          if (!data && !source.secretRef.optional) say(`Secret ${source.secretRef.name} is not made by the operator`);
          Object.assign(env, data ?? {});
        }
      }
      for (const variable of c.env ?? []) {
        if (variable.value !== undefined) env[variable.name] = String(variable.value);
        const ref = variable.valueFrom?.secretKeyRef ?? variable.valueFrom?.configMapKeyRef;
        if (!ref) continue;
        const data = variable.valueFrom.secretKeyRef ? secrets.env[ref.name] : configMaps.get(ref.name);
        if (data?.[ref.key] !== undefined) env[variable.name] = data[ref.key];
        else if (!ref.optional) say(`${variable.name} refers to ${ref.name}/${ref.key}, which does not exist`);
      }
      const mounts = [...(c.volumeMounts ?? [])].sort((a: any, b: any) => b.mountPath.length - a.mountPath.length);
      const workdir = stage?.workdir ?? '/';
      const hostPath = (path: string): string => {
        const absolute = path.startsWith('/') ? path : join(workdir, path);
        for (const mount of mounts)
          if (absolute === mount.mountPath || absolute.startsWith(`${mount.mountPath}/`))
            return join(volumes.get(mount.name) ?? join(scratch, 'unknown'), absolute.slice(mount.mountPath.length));
        return join(scratch, 'image', absolute);
      };
      const hostEnv: Record<string, string> = { ...env };
      hostEnv['DEV_KEYS_DIR'] = hostPath(env['DEV_KEYS_DIR'] || join(workdir, '.dev-keys'));
      for (const name of FILE_VARIABLES) if (env[name]) hostEnv[name] = hostPath(env[name]);

      const command: string[] = c.command ?? stage?.cmd ?? [];
      const container: PodContainer = {
        owner,
        name: c.name,
        init,
        spec: c,
        role: roleOf(command),
        stage,
        env,
        hostEnv,
      };
      containers.push(container);
      if (container.role === 'api' || container.role === 'worker') {
        try {
          container.apiConfig = loadConfig(hostEnv);
        } catch (error) {
          if (!(error instanceof ConfigError)) throw error;
          for (const p of error.problems) say(p);
        }
      } else if (container.role === 'gateway-sim') {
        try {
          container.simConfig = loadSimConfig(hostEnv);
        } catch (error) {
          if (!(error instanceof SimConfigError)) throw error;
          for (const p of error.problems) say(p);
        }
      }
    }
  }
  return { containers, problems, cleanup: () => rmSync(scratch, { recursive: true, force: true }) };
}
