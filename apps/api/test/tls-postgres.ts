import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from './ports';

/** A PostgreSQL server of the test's own that takes TLS connections only, with a CA made for it. */
export interface TlsPostgres {
  port: number;
  /** The CA certificate that signed the server's certificate (for `sslrootcert`). */
  caFile: string;
  /** A URL of `database` on this server, with `query` (e.g. `sslmode=verify-full&sslrootcert=…`). */
  url(database: string, query?: string): string;
  stop(): void;
}

/** The PostgreSQL server programs installed here (Debian keeps them out of PATH, one folder per version). */
function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const version = readdirSync(root).sort((a, b) => Number(b) - Number(a))[0];
  return join(root, version, 'bin');
}

/**
 * Starts a PostgreSQL cluster in a temporary folder with `ssl = on` and a `pg_hba.conf` that refuses every
 * connection without TLS, on a free port; its certificate is signed by a CA made here (`openssl`), for
 * 127.0.0.1 and localhost. PostgreSQL refuses to run as root, so as root the cluster belongs to `postgres`.
 */
export async function startTlsPostgres(): Promise<TlsPostgres> {
  const dir = mkdtempSync('/tmp/councilpay-tls-pg-');
  const asRoot = process.getuid?.() === 0;
  const run = (program: string, args: string[]) => {
    const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', program, ...args]] : [program, args];
    const result = spawnSync(cmd, argv, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${program} failed (${result.status}): ${result.stderr || result.stdout}`);
  };
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });

  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=CouncilPay test CA',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  );
  openssl(
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-subj',
    '/CN=localhost',
    '-keyout',
    'server.key',
    '-out',
    'server.csr',
  );
  writeFileSync(join(dir, 'server.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n');
  openssl(
    'x509',
    '-req',
    '-in',
    'server.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-days',
    '2',
    '-out',
    'server.crt',
    '-extfile',
    'server.ext',
  );
  chmodSync(join(dir, 'server.key'), 0o600);
  chmodSync(dir, 0o755);
  if (asRoot) {
    const { uid, gid } = postgresIds();
    for (const name of ['server.key', 'server.crt']) chownSync(join(dir, name), uid, gid);
    chownSync(dir, uid, gid);
  }

  const data = join(dir, 'data');
  const bin = postgresBin();
  run(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  writeFileSync(
    join(data, 'pg_hba.conf'),
    [
      'local all all trust',
      'hostssl all all 127.0.0.1/32 trust',
      'hostnossl all all 0.0.0.0/0 reject',
      'hostnossl all all ::/0 reject',
    ].join('\n') + '\n',
  );
  if (asRoot) {
    const { uid, gid } = postgresIds();
    chownSync(join(data, 'pg_hba.conf'), uid, gid);
  }
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses='127.0.0.1'",
    '-c ssl=on',
    `-c ssl_cert_file=${join(dir, 'server.crt')}`,
    `-c ssl_key_file=${join(dir, 'server.key')}`,
    '-c fsync=off',
    '-c max_connections=60',
  ].join(' ');
  run(join(bin, 'pg_ctl'), ['-D', data, '-o', options, '-l', join(dir, 'server.log'), '-w', '-t', '120', 'start']);

  return {
    port,
    caFile: join(dir, 'ca.pem'),
    url: (database, query) => `postgresql://postgres@127.0.0.1:${port}/${database}${query ? `?${query}` : ''}`,
    stop() {
      try {
        run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** The `postgres` system user's ids (the owner of a cluster started as root). */
function postgresIds(): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}
