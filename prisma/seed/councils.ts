/**
 * The councils behind the portal's council codes. Seeded once; staff edit them afterwards,
 * so a re-seed never overwrites a row that exists.
 */
import { PAYABLE_TYPES, type CouncilCode, type PayableType } from '@councilpay/domain';

export interface CouncilSeed {
  code: CouncilCode;
  nameMs: string;
  nameEn: string;
  nameZh: string;
  payableTypes?: PayableType[];
}

/** Every type except market bills, which only the councils that run a market collect. */
const STANDARD_TYPES = PAYABLE_TYPES.filter((t) => t !== 'market_bill');
const WITH_MARKET = [...PAYABLE_TYPES];

export const COUNCIL_SEEDS: CouncilSeed[] = [
  {
    code: 'mdpg',
    nameMs: 'Majlis Daerah Penampang',
    nameEn: 'Penampang District Council',
    nameZh: '兵南邦县议会',
    payableTypes: WITH_MARKET,
  },
  {
    code: 'mps',
    nameMs: 'Majlis Perbandaran Sandakan',
    nameEn: 'Sandakan Municipal Council',
    nameZh: '山打根市议会',
    payableTypes: WITH_MARKET,
  },
  {
    code: 'mpt',
    nameMs: 'Majlis Perbandaran Tawau',
    nameEn: 'Tawau Municipal Council',
    nameZh: '斗湖市议会',
    payableTypes: WITH_MARKET,
  },
  {
    code: 'mpp',
    nameMs: 'Majlis Perbandaran Penampang',
    nameEn: 'Penampang Municipal Council',
    nameZh: '兵南邦市议会',
  },
  { code: 'lbk', nameMs: 'Lembaga Bandaran Kudat', nameEn: 'Kudat Town Board', nameZh: '古达市镇局' },
  { code: 'mdld', nameMs: 'Majlis Daerah Lahad Datu', nameEn: 'Lahad Datu District Council', nameZh: '拿笃县议会' },
  { code: 'mdppr', nameMs: 'Majlis Daerah Papar', nameEn: 'Papar District Council', nameZh: '吧巴县议会' },
  { code: 'mdkgu', nameMs: 'Majlis Daerah Keningau', nameEn: 'Keningau District Council', nameZh: '根地咬县议会' },
  {
    code: 'mdktn',
    nameMs: 'Majlis Daerah Kinabatangan',
    nameEn: 'Kinabatangan District Council',
    nameZh: '京那巴登岸县议会',
  },
  { code: 'mdblr', nameMs: 'Majlis Daerah Beluran', nameEn: 'Beluran District Council', nameZh: '必鲁兰县议会' },
  { code: 'mdbft', nameMs: 'Majlis Daerah Beaufort', nameEn: 'Beaufort District Council', nameZh: '保佛县议会' },
  { code: 'mdsptg', nameMs: 'Majlis Daerah Sipitang', nameEn: 'Sipitang District Council', nameZh: '西比陶县议会' },
  {
    code: 'mdkm',
    nameMs: 'Majlis Daerah Kota Marudu',
    nameEn: 'Kota Marudu District Council',
    nameZh: '哥打马鲁都县议会',
  },
  { code: 'mdtrn', nameMs: 'Majlis Daerah Tuaran', nameEn: 'Tuaran District Council', nameZh: '斗亚兰县议会' },
  { code: 'mdknk', nameMs: 'Majlis Daerah Kunak', nameEn: 'Kunak District Council', nameZh: '古纳县议会' },
  { code: 'mdspa', nameMs: 'Majlis Daerah Semporna', nameEn: 'Semporna District Council', nameZh: '仙本那县议会' },
  { code: 'mdrnu', nameMs: 'Majlis Daerah Ranau', nameEn: 'Ranau District Council', nameZh: '兰瑙县议会' },
  { code: 'mdkb', nameMs: 'Majlis Daerah Kota Belud', nameEn: 'Kota Belud District Council', nameZh: '哥打毛律县议会' },
  { code: 'mdnbwn', nameMs: 'Majlis Daerah Nabawan', nameEn: 'Nabawan District Council', nameZh: '那巴湾县议会' },
  { code: 'mdtbn', nameMs: 'Majlis Daerah Tambunan', nameEn: 'Tambunan District Council', nameZh: '担布南县议会' },
  {
    code: 'mdkp',
    nameMs: 'Majlis Daerah Kuala Penyu',
    nameEn: 'Kuala Penyu District Council',
    nameZh: '瓜拉班尤县议会',
  },
  { code: 'mdtnm', nameMs: 'Majlis Daerah Tenom', nameEn: 'Tenom District Council', nameZh: '丹南县议会' },
  { code: 'mdptn', nameMs: 'Majlis Daerah Putatan', nameEn: 'Putatan District Council', nameZh: '必打丹县议会' },
  { code: 'mdpts', nameMs: 'Majlis Daerah Pitas', nameEn: 'Pitas District Council', nameZh: '比达士县议会' },
].map((c) => ({ ...c, payableTypes: c.payableTypes ?? STANDARD_TYPES })) as CouncilSeed[];

/** Officers who sign trading licences, for the councils whose licences are printed online. */
export const SIGNATURE_OFFICERS: Partial<Record<CouncilCode, { name: string; post: string }>> = {
  mdpg: { name: 'Datuk Hj. Rosli bin Hj. Abdullah', post: 'Pegawai Daerah merangkap Pengerusi' },
  mps: { name: 'Encik James Wong Kin Hoe', post: 'Yang Dipertua' },
  mpt: { name: 'Puan Siti Aishah binti Latif', post: 'Pengarah Pelesenan' },
};
