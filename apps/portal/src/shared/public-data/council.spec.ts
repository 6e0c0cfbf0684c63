import type { CouncilDto } from '@councilpay/domain';
import { describe, expect, it } from 'vitest';
import { councilName, localizedText, pickDefaultCouncil } from './council';

function council(
  code: string,
  isDefault = false,
  name = { ms: `Majlis ${code}`, en: `${code} Council`, zh: '' },
): CouncilDto {
  return { code, name, logoUrl: null, active: true, payableTypes: [], isDefault };
}

describe('pickDefaultCouncil', () => {
  const councils = [council('mps'), council('mdpg', true), council('mpt')];

  it('takes the configured default council', () => {
    expect(pickDefaultCouncil(councils, 'mpt')?.code).toBe('mpt');
  });

  it('falls back to the council marked default, then the first, then none', () => {
    expect(pickDefaultCouncil(councils, 'unknown')?.code).toBe('mdpg');
    expect(pickDefaultCouncil([council('mps'), council('mpt')], null)?.code).toBe('mps');
    expect(pickDefaultCouncil([], 'mdpg')).toBeNull();
  });
});

describe('councilName and localizedText', () => {
  const mdpg = council('mdpg', true, { ms: 'Majlis Daerah Penampang', en: 'Penampang District Council', zh: '' });

  it('reads the current language, Malay when that one is empty', () => {
    expect(councilName(mdpg, 'ms')).toBe('Majlis Daerah Penampang');
    expect(councilName(mdpg, 'en')).toBe('Penampang District Council');
    expect(councilName(mdpg, 'zh')).toBe('Majlis Daerah Penampang');
  });

  it('uses the code when the council has no name at all', () => {
    expect(councilName(council('lbk', false, { ms: ' ', en: '', zh: '' }), 'en')).toBe('LBK');
  });

  it('gives an empty text for a missing announcement', () => {
    expect(localizedText(null, 'en')).toBe('');
    expect(localizedText({ ms: '', en: '', zh: '' }, 'zh')).toBe('');
  });
});
