import type { INestApplication } from '@nestjs/common';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi } from './test-app';

describe('the built portal and console as the API serves them', () => {
  let app: INestApplication;
  let dir: string;
  const script = `export const home = ${JSON.stringify('x'.repeat(4000))};\n`;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'councilpay-static-'));
    mkdirSync(join(dir, 'assets'));
    mkdirSync(join(dir, '.vite'));
    writeFileSync(
      join(dir, 'index.html'),
      '<!doctype html><title>portal</title><script src="./assets/app-Ab12Cd34.js"></script>',
    );
    writeFileSync(join(dir, 'assets', 'app-Ab12Cd34.js'), script);
    writeFileSync(join(dir, 'assets', 'app-Ab12Cd34.js.br'), brotliCompressSync(script));
    writeFileSync(join(dir, 'assets', 'app-Ab12Cd34.js.gz'), gzipSync(script));
    writeFileSync(join(dir, '.vite', 'manifest.json'), '{}');
    writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    app = await createTestApi({ PORTAL_DIST: dir });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves index.html at / to be revalidated on every visit, so a deployment shows at once', async () => {
    const res = await request(app.getHttpServer()).get('/').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.text).toContain('<title>portal</title>');
  });

  it('serves a hashed asset brotli-compressed when the browser accepts it, cached for a year', async () => {
    const res = await request(app.getHttpServer())
      .get('/assets/app-Ab12Cd34.js')
      .set('Accept-Encoding', 'gzip, deflate, br')
      .expect(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    // The bytes on the wire are the compressed copy's.
    expect(Number(res.headers['content-length'])).toBeLessThan(script.length / 10);
  });

  it('falls back to gzip, then to the plain file, by what the browser accepts', async () => {
    const gzip = await request(app.getHttpServer())
      .get('/assets/app-Ab12Cd34.js')
      .set('Accept-Encoding', 'gzip')
      .expect(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await request(app.getHttpServer())
      .get('/assets/app-Ab12Cd34.js')
      .set('Accept-Encoding', 'identity')
      .expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(script);
  });

  it('answers a conditional request for an unchanged file with 304', async () => {
    const first = await request(app.getHttpServer()).get('/favicon.svg').expect(200);
    expect(first.headers.etag).toBeTruthy();
    await request(app.getHttpServer()).get('/favicon.svg').set('If-None-Match', first.headers.etag).expect(304);
  });

  it('serves nothing outside the build, nor its metadata', async () => {
    for (const path of [
      '/.vite/manifest.json',
      '/assets/../../../etc/passwd',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/nope.js',
    ]) {
      const res = await request(app.getHttpServer()).get(path);
      expect(res.status, path).toBe(404);
    }
    await request(app.getHttpServer()).get('/api/councils').expect(200);
  });
  it("serves the portal at each council's own address, never JSON at a page a person asks for", async () => {
    const server = app.getHttpServer();
    for (const path of ['/mps', '/mdktn']) {
      const res = await request(server).get(path).set('Accept', 'text/html').expect(200);
      expect(res.headers['content-type'], path).toMatch(/^text\/html/);
      expect(res.text).toContain('<title>portal</title>');
    }
    // With a trailing slash the page's relative assets would miss: sent to the address without it.
    const slash = await request(server).get('/mps/?lang=en').expect(301);
    expect(slash.headers.location).toBe('/mps?lang=en');
    // Any other page: the portal (its not-found page) with 404.
    const unknown = await request(server).get('/mpsx').set('Accept', 'text/html').expect(404);
    expect(unknown.headers['content-type']).toMatch(/^text\/html/);
    expect(unknown.text).toContain('<title>portal</title>');
    // The API and the console keep their own answers.
    const api = await request(server).get('/api/nosuch').set('Accept', 'text/html').expect(404);
    expect(api.headers['content-type']).toMatch(/^application\/json/);
    const console = await request(server).get('/console/nosuch').set('Accept', 'text/html');
    expect(console.text).not.toContain('<title>portal</title>');
  });
});

describe('the API compresses its own answers', () => {
  let app: INestApplication;
  beforeAll(async () => {
    app = await createTestApi();
  });
  afterAll(async () => {
    await app.close();
  });

  it('sends the council list compressed to a browser that accepts it', async () => {
    const res = await request(app.getHttpServer()).get('/api/councils').set('Accept-Encoding', 'br, gzip').expect(200);
    expect(res.headers['content-encoding']).toMatch(/^(br|gzip)$/);
    expect(res.body).toHaveLength(24);
  });

  it('sends it plain to a client that accepts no encoding', async () => {
    const res = await request(app.getHttpServer()).get('/api/councils').set('Accept-Encoding', 'identity').expect(200);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
