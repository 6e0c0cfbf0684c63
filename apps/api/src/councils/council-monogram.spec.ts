import { describe, expect, it } from 'vitest';
import { COUNCIL_CODES } from '@councilpay/domain';
import { councilMonogramSvg, monogramPath } from './council-monogram';

describe('council monogram logos', () => {
  it('shows the code in capitals, one colour per council', () => {
    const svg = councilMonogramSvg('mdpg');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('>MDPG</text>');
    expect(councilMonogramSvg('mdpg')).toBe(svg);
    const colours = new Set(COUNCIL_CODES.map((code) => /fill="(hsl[^"]+)"/.exec(councilMonogramSvg(code))?.[1]));
    expect(colours.size).toBeGreaterThan(COUNCIL_CODES.length / 2);
  });

  it('is served under the API, a path the console accepts as a logo', () => {
    expect(monogramPath('mps')).toBe('/api/councils/mps/logo.svg');
    expect(monogramPath('mps')).toMatch(/^\/(?!.*\.\.)[A-Za-z0-9/_.-]{1,200}\.(png|jpg|jpeg|svg|webp)$/);
  });
});
