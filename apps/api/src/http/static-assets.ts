import { portalEntry } from '@councilpay/domain';
import type { INestApplication } from '@nestjs/common';
import compression from 'compression';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';

/** Build outputs whose names carry a content hash: they never change, so browsers keep them a year. */
const HASHED_ASSET = /^assets\//;
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, favicon): revalidated on every visit, so a deployment shows at once. */
const REVALIDATE = 'no-cache';

/** Precompressed copies the build writes beside a file, by the Content-Encoding they are served with. */
const ENCODED_COPIES = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;
type Encoding = (typeof ENCODED_COPIES)[number]['encoding'];

interface StaticFile {
  path: string;
  /** The precompressed copies present beside it. */
  encodings: Map<Encoding, string>;
}

/** Every servable file of a built app by its URL path below the mount ('' is index.html). */
function indexFiles(dir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) {
        walk(path);
        continue;
      }
      if (ENCODED_COPIES.some(({ suffix }) => name.endsWith(suffix))) continue;
      const urlPath = relative(dir, path).split(sep).join('/');
      if (urlPath.startsWith('.')) continue; // .vite/manifest.json and other build metadata
      const encodings = new Map<Encoding, string>();
      for (const { encoding, suffix } of ENCODED_COPIES) {
        if (existsSync(path + suffix)) encodings.set(encoding, path + suffix);
      }
      files.set(urlPath, { path, encodings });
    }
  };
  walk(dir);
  const index = files.get('index.html');
  if (index) files.set('', index);
  return files;
}

/**
 * Serves a built single-page app (hash routes: only its files and index.html) below `mount`: the brotli or
 * gzip copy the build made when the browser accepts it, hashed assets cached for a year, everything else
 * revalidated. Only files that were in the build folder at start are served (no path is ever joined from
 * the request), so `..` and encoded separators cannot reach anything else.
 */
export function serveBuiltApp(app: INestApplication, mount: string, dir: string): void {
  if (!dir || !existsSync(join(dir, 'index.html'))) return;
  const files = indexFiles(dir);
  app.use(mount, (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(req.path).replace(/^\/+/, '');
    } catch {
      return next();
    }
    const file = files.get(urlPath);
    if (!file) return next();
    sendFile(req, res, next, file, HASHED_ASSET.test(urlPath) ? IMMUTABLE : REVALIDATE);
  });
}

/**
 * The portal's addresses beyond its files (register after serveBuiltApp of the portal): `/<code>` is the portal
 * under that council (a council's own entry), `/<code>/` is sent to `/<code>` (the portal's assets are relative
 * to it), and any other page a browser asks for outside /api and /console is the portal with status 404, which
 * shows its not-found page: a person never gets JSON at a portal address.
 */
export function servePortalAddresses(app: INestApplication, dir: string): void {
  if (!dir || !existsSync(join(dir, 'index.html'))) return;
  const index = indexFiles(dir).get('index.html') as StaticFile;
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (/^\/(api|console)(\/|$)/.test(req.path)) return next();
    const entry = portalEntry(req.path);
    if (entry && req.path.length > 1 && req.path.endsWith('/')) {
      const at = req.originalUrl.indexOf('?');
      const query = at >= 0 ? req.originalUrl.slice(at) : '';
      return res.redirect(301, `${req.path.slice(0, -1)}${query}`);
    }
    // A file that is not there (`/nope.js`) is a plain 404; only pages get the portal.
    if (!entry && (extname(req.path) !== '' || !req.accepts('html'))) return next();
    res.status(entry ? 200 : 404);
    sendFile(req, res, next, index, REVALIDATE);
  });
}

/** Sends a built file: its brotli or gzip copy when the browser accepts one, with the given caching. */
function sendFile(req: Request, res: Response, next: NextFunction, file: StaticFile, cacheControl: string): void {
  res.setHeader('Cache-Control', cacheControl);
  res.type(extname(file.path) || 'html');
  let servedPath = file.path;
  if (file.encodings.size > 0) {
    res.vary('Accept-Encoding');
    // Our order, not the header's: browsers list gzip first but accept brotli, which is smaller.
    const chosen = [...file.encodings.keys()].find((encoding) => req.acceptsEncodings(encoding) === encoding);
    if (chosen) {
      res.setHeader('Content-Encoding', chosen);
      servedPath = file.encodings.get(chosen) as string;
    }
  }
  res.sendFile(servedPath, { cacheControl: false, dotfiles: 'allow' }, (error?: Error & { code?: string }) => {
    // A browser that went away mid-file (a reload) is no error of ours.
    if (error && !res.headersSent && error.code !== 'ECONNABORTED') next(error);
  });
}

/**
 * Compresses the API's own answers (JSON, HTML pages) for browsers that accept it; skips what is encoded
 * already (the built apps' precompressed files) and event streams, which must reach the browser as they are
 * written.
 */
export function compressResponses(): RequestHandler {
  return compression({
    filter: (req, res) => {
      const type = String(res.getHeader('Content-Type') ?? '');
      // Streams that wait for 'drain' are sent as they are: the compressor keeps every drain listener a
      // long download adds (a CSV of a million payments), and server-sent events must not be buffered.
      return !type.startsWith('text/event-stream') && !type.startsWith('text/csv') && compression.filter(req, res);
    },
  });
}
