import { expect, test, type Page } from '@playwright/test';

/** What the home may cost a first visit on a phone, compressed as served, until the network is idle. */
const BUDGET = { requests: 20, bytes: 200 * 1024 };

interface Fetched {
  url: string;
  type: string;
  bytes: number;
  headers: Record<string, string>;
}

/** Every response of a first visit to the home, with the bytes that crossed the network (headers included). */
async function firstVisit(page: Page): Promise<Fetched[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const seen = new Map<string, Fetched>();
  cdp.on('Network.responseReceived', ({ requestId, response, type }) => {
    const headers = Object.fromEntries(Object.entries(response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
    seen.set(requestId, { url: response.url, type: type ?? 'Other', bytes: 0, headers });
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const entry = seen.get(requestId);
    if (entry) entry.bytes = encodedDataLength;
  });
  await page.goto('/');
  await expect(page.getByTestId('search-account-no')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await cdp.detach();
  return [...seen.values()].filter((r) => !r.url.startsWith('data:'));
}

test.describe('the home page is light on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test(`a first visit fetches at most ${BUDGET.requests} responses and ${BUDGET.bytes / 1024} kB until the network is idle`, async ({
    page,
  }) => {
    const fetched = await firstVisit(page);
    const bytes = fetched.reduce((sum, r) => sum + r.bytes, 0);
    const summary = fetched.map((r) => `${(r.bytes / 1024).toFixed(1)} kB ${r.url}`).join('\n');
    test.info().annotations.push({
      type: 'home weight',
      description: `${fetched.length} responses, ${(bytes / 1024).toFixed(1)} kB`,
    });
    expect(fetched.length, summary).toBeLessThanOrEqual(BUDGET.requests);
    expect(bytes, summary).toBeLessThanOrEqual(BUDGET.bytes);
  });

  test('scripts come compressed and cached for a year; the page itself is revalidated', async ({ page }) => {
    const fetched = await firstVisit(page);
    const scripts = fetched.filter((r) => r.type === 'Script');
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      expect(script.headers['cache-control'], script.url).toBe('public, max-age=31536000, immutable');
      if (script.bytes > 2048) expect(script.headers['content-encoding'], script.url).toBe('br');
    }
    const document = fetched.find((r) => r.type === 'Document');
    expect(document?.headers['cache-control']).toBe('no-cache');
  });
});
