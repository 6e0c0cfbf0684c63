/**
 * The stages of our Dockerfile, read without Docker: for each `FROM … AS name`, the environment its image
 * sets (ENV, also inherited from a stage it is built FROM), its user (USER; root when unset), working
 * directory, default command and RUN lines. Enough to know what a container of that target starts with.
 */
import { readFileSync } from 'node:fs';

export interface Stage {
  name: string;
  from: string;
  env: Record<string, string>;
  user: string;
  workdir: string;
  cmd?: string[];
  runs: string[];
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
      default:
        break;
    }
  }
  return stages;
}
