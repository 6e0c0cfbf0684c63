/**
 * `npm start` on a bare machine: a local server that is installed but stopped is started, and one that is not
 * installed is named with the commands that install it (and the compose alternative).
 */
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error a script of the repository, in JavaScript without declarations
import { checkServices, serverPlans } from '../../scripts/lib.mjs';

function freePort(): Promise<number> {
  return new Promise((resolvePort) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}

const DATABASE_URL = process.env.DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/councilpay';
let started: number | null = null;

afterEach(() => {
  if (started) spawnSync('redis-cli', ['-p', String(started), 'shutdown', 'nosave'], { stdio: 'ignore' });
  started = null;
});

describe('the front door starts what is installed and names what is not', () => {
  it('a local Redis that is installed but not running is started, and answers', async () => {
    const port = await freePort();
    started = port;
    await checkServices({ ...process.env, DATABASE_URL, REDIS_URL: `redis://127.0.0.1:${port}` });
    const ping = spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' });
    expect(ping.stdout.trim()).toBe('PONG');
  }, 60_000);

  it('a server that is not installed here is named with how to install it, and nothing is started', async () => {
    const port = await freePort();
    const env = { DATABASE_URL, REDIS_URL: `redis://127.0.0.1:${port}`, PATH: '/nonexistent' };
    expect(serverPlans(env).find((p: { name: string }) => p.name === 'Redis').start).toBeUndefined();
    await expect(checkServices(env)).rejects.toThrow(
      `Redis is not reachable at 127.0.0.1:${port}: install it (Debian/Ubuntu: \`sudo apt-get install -y redis-server\`; macOS: \`brew install redis && brew services start redis\`), or run the whole product in containers: \`docker compose --profile demo up\`, or set REDIS_URL`,
    );
  });

  it('a server on another machine is never started here, only named', async () => {
    const env = { ...process.env, DATABASE_URL, REDIS_URL: 'redis://redis.example.invalid:6379' };
    expect(serverPlans(env).find((p: { name: string }) => p.name === 'Redis').start).toBeUndefined();
  });
});
