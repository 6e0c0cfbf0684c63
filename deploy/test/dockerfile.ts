/**
 * The stages of our Dockerfile, read without Docker: for each `FROM … AS name`, the environment its image
 * sets (ENV, also inherited from a stage it is built FROM), its user (USER; root when unset), working
 * directory, default command, RUN lines and COPY instructions. Enough to know what a container of that target
 * starts with and which files it holds.
 */
import { readFileSync } from 'node:fs';
import { posix } from 'node:path';

/** A COPY: its sources (from the build context, or from another stage) and where they land in this image. */
export interface Copy {
  /** The stage copied from; none for the build context (the repository). */
  fromStage?: string;
  /** A path in the build context (relative) or in that stage's image (absolute). */
  source: string;
  /** Where it lands in this image (absolute). */
  destination: string;
}

export interface Stage {
  name: string;
  from: string;
  env: Record<string, string>;
  user: string;
  workdir: string;
  cmd?: string[];
  runs: string[];
  copies: Copy[];
}

function joinContinuations(text: string): string[] {
  return text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

function parseEnv(args: string): Record<string, string> {
  const env: Record<string, string> = {};
  const pairs = [...args.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("[^"]*"|\S*)/g)];
  if (pairs.length === 0) {
    const [key, ...rest] = args.split(/\s+/);
    env[key] = rest.join(' ');
  }
  for (const [, key, value] of pairs) env[key] = value.replace(/^"|"$/g, '');
  return env;
}

export function readDockerfile(file: string): Map<string, Stage> {
  const stages = new Map<string, Stage>();
  let current: Stage | undefined;
  for (const line of joinContinuations(readFileSync(file, 'utf8'))) {
    const [instruction, ...restWords] = line.split(/\s+/);
    const args = line.slice(instruction.length).trim();
    switch (instruction.toUpperCase()) {
      case 'FROM': {
        const m = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args);
        if (!m) throw new Error(`Dockerfile: cannot read "${line}"`);
        const parent = stages.get(m[1]);
        current = {
          name: m[2] ?? `stage-${stages.size}`,
          from: m[1],
          env: { ...(parent?.env ?? {}) },
          user: parent?.user ?? 'root',
          workdir: parent?.workdir ?? '/',
          cmd: parent?.cmd,
          runs: [],
          copies: [...(parent?.copies ?? [])],
        };
        stages.set(current.name, current);
        break;
      }
      case 'ENV':
        if (current) Object.assign(current.env, parseEnv(args));
        break;
      case 'USER':
        if (current) current.user = restWords[0];
        break;
      case 'WORKDIR':
        if (current) current.workdir = args;
        break;
      case 'CMD':
        if (current) current.cmd = args.startsWith('[') ? (JSON.parse(args) as string[]) : ['sh', '-c', args];
        break;
      case 'RUN':
        current?.runs.push(args);
        break;
      case 'COPY': {
        if (!current) break;
        const words = args.split(/\s+/);
        const fromStage = words.find((w) => w.startsWith('--from='))?.slice('--from='.length);
        const paths = words.filter((w) => !w.startsWith('--'));
        const destination = paths[paths.length - 1];
        const sources = paths.slice(0, -1);
        // Several sources, or a destination ending in "/", is a folder the sources land in by their names.
        const intoFolder = sources.length > 1 || destination.endsWith('/');
        const base = posix.resolve(current.workdir, destination);
        for (const source of sources)
          current.copies.push({
            fromStage,
            source,
            destination: intoFolder && source !== '.' ? posix.join(base, posix.basename(source)) : base,
          });
        break;
      }
      default:
        break;
    }
  }
  return stages;
}

/** Whether the image of a stage holds a path (absolute), by a COPY of the build context or of another stage. */
function holdsPath(stages: Map<string, Stage>, stageName: string, path: string): boolean {
  const stage = stages.get(stageName);
  if (!stage) return false;
  return stage.copies.some((copy) => {
    if (path !== copy.destination && !path.startsWith(`${copy.destination}/`)) return false;
    const rest = path.slice(copy.destination.length);
    if (!copy.fromStage) return true;
    return holdsPath(stages, copy.fromStage, posix.join(copy.source, rest));
  });
}

/**
 * Whether a file of the repository (relative to its root, e.g. `scripts/migration-gate.mjs`) is in the image of a
 * stage at the same place under the stage's working directory, by a COPY of the build context or of a stage
 * that holds it. Files a RUN makes (node_modules, dist) count as held by the stage that copied the context.
 */
export function holds(stages: Map<string, Stage>, stageName: string, file: string): boolean {
  const stage = stages.get(stageName);
  return stage !== undefined && holdsPath(stages, stageName, posix.resolve(stage.workdir, file));
}
