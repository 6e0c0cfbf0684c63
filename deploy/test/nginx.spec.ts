/**
 * The web image's nginx configuration (apps/portal/nginx.conf) answers a portal address as the API does
 * (apps/api/src/http/static-assets.ts): a council's own address is the portal, its trailing-slash form is sent to
 * it, and the API and the console are never taken for one.
 */
import { COUNCIL_CODES, portalEntry } from '@councilpay/domain';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const conf = readFileSync(resolve(__dirname, '../../apps/portal/nginx.conf'), 'utf8');

describe("nginx serves each council's own portal address", () => {
  it('sends /<code>/ to /<code> (query kept), for every council and nothing the API or the console owns', () => {
    const match = /location ~ "([^"]+)" \{\s*return 301 \/\$1\$is_args\$args;/.exec(conf);
    expect(match, 'the redirect of /<code>/').not.toBeNull();
    const redirect = new RegExp(match?.[1] ?? '');
    for (const code of COUNCIL_CODES) {
      expect(redirect.test(`/${code}/`), code).toBe(true);
      expect(portalEntry(`/${code}/`)).toEqual({ council: code });
    }
    // A regular-expression location would win over a plain prefix: the API's and the console's are ^~.
    expect(conf).toMatch(/location \^~ \/api\/ \{/);
    expect(conf).toMatch(/location \^~ \/console\/ \{/);
  });

  it('serves the portal for any other page (try_files falls back to index.html)', () => {
    expect(conf).toMatch(/location \/ \{[^}]*try_files \$uri \/index\.html;/);
  });
});
