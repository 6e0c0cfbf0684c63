/**
 * Demo payables of every type, in several councils, covering the edge cases: zero and
 * negative balances, a minimum payment, an assessment with discount, special discount and arrears, licences
 * (statusl approved, not renewable online, with dependent items), each compound type, engineering bills per
 * plan type, tenancy, booking, local government charge and market bills. Names, NRICs and vehicle numbers are
 * invented in a Malaysian style.
 */
import type { AssessmentAmounts, CouncilCode, PayableType, PlanType } from '@councilpay/domain';

export interface LicenceSeed {
  licenceNo: string;
  reference: string;
  statusl: string;
  mKodType: 'general' | 'niaga';
  kind: string;
  printCode?: string;
  renewableOnline?: boolean;
  renewalYears?: number;
  renewalMonths?: number;
  /** The demo owner's photo is stored (without it the digital licence cannot be printed). */
  hasPhoto?: boolean;
}

export interface PayableSeed {
  council: CouncilCode;
  type: PayableType;
  displayNo: string;
  planType?: PlanType;
  ownerName: string;
  ownerIdNo?: string;
  address?: string;
  balanceSen: number;
  minimumPaymentSen?: number;
  status?: string;
  paidUntilYear?: number;
  paidUntilMonth?: number;
  details?: Record<string, unknown>;
  licence?: LicenceSeed;
  dependents?: Omit<PayableSeed, 'council' | 'dependents'>[];
}

function assessment(a: AssessmentAmounts & { houseNo: string; currentTitle: string; landcessEffect?: string }) {
  return { ...a, landcessEffect: a.landcessEffect ?? '01/01/2019' };
}

export const PAYABLE_SEEDS: PayableSeed[] = [
  // Assessment: discount, special discount and arrears (all four selections differ).
  {
    council: 'mdpg',
    type: 'assessment',
    displayNo: 'A-1000-0001',
    ownerName: 'ABDUL RAHMAN BIN HJ YUSOF',
    ownerIdNo: '750312125531',
    address: 'Lot 12, Taman Kasigui, Jalan Penampang, 89500 Penampang',
    balanceSen: 50_650,
    details: assessment({
      asumYear: 2026,
      currentYearSen: 36_000,
      arrearsSen: 14_650,
      discountSen: 1_000,
      specialDiscountSen: 1_000,
      gstSen: 0,
      houseNo: 'Lot 12',
      currentTitle: 'CL 015123456',
    }),
  },
  {
    council: 'mdpg',
    type: 'assessment',
    displayNo: 'A-1000-0002',
    ownerName: 'CHONG MEI LING',
    ownerIdNo: '820915126244',
    address: 'No. 7, Lorong Donggongon Baru 3, 89500 Penampang',
    balanceSen: 0,
    details: assessment({
      asumYear: 2026,
      currentYearSen: 0,
      arrearsSen: 0,
      discountSen: 0,
      specialDiscountSen: 0,
      gstSen: 0,
      houseNo: 'No. 7',
      currentTitle: 'CL 015778812',
    }),
  },
  {
    council: 'mdpg',
    type: 'assessment',
    displayNo: 'A-1000-0003',
    ownerName: 'JOSEPH GANTIS ANAK MOJILIP',
    ownerIdNo: '690401125017',
    address: 'Kg. Hungab, Jalan Tambunan, 89500 Penampang',
    balanceSen: -2_500,
    details: assessment({
      asumYear: 2026,
      currentYearSen: 0,
      arrearsSen: -2_500,
      discountSen: 0,
      specialDiscountSen: 0,
      gstSen: 0,
      houseNo: 'Kg. Hungab',
      currentTitle: 'NT 013004567',
    }),
  },
  {
    council: 'mdpg',
    type: 'assessment',
    displayNo: 'A-1000-0004',
    ownerName: 'SYARIKAT MAJU JAYA SDN BHD',
    ownerIdNo: '201901012345',
    address: 'Lot 3A, Kompleks Donggongon, 89500 Penampang',
    balanceSen: 158_000,
    details: assessment({
      asumYear: 2026,
      currentYearSen: 120_000,
      arrearsSen: 38_000,
      discountSen: 6_000,
      specialDiscountSen: 0,
      gstSen: 0,
      houseNo: 'Lot 3A',
      currentTitle: 'CL 015990001',
    }),
  },
  {
    council: 'mps',
    type: 'assessment',
    displayNo: 'S-2231-0456',
    ownerName: 'LIM AH KOW',
    ownerIdNo: '600707125333',
    address: 'Batu 4, Jalan Utara, 90000 Sandakan',
    balanceSen: 27_300,
    details: assessment({
      asumYear: 2026,
      currentYearSen: 27_300,
      arrearsSen: 0,
      discountSen: 500,
      specialDiscountSen: 300,
      gstSen: 0,
      houseNo: 'Batu 4',
      currentTitle: 'CL 075334455',
    }),
  },
  {
    council: 'mpt',
    type: 'assessment',
    displayNo: 'T-0099-1200',
    ownerName: 'NURUL HUDA BINTI ISMAIL',
    ownerIdNo: '880228125678',
    address: 'Taman Megah Jaya, Jalan Apas, 91000 Tawau',
    balanceSen: 19_840,
    details: assessment({
      asumYear: 2026,
      currentYearSen: 15_840,
      arrearsSen: 4_000,
      discountSen: 0,
      specialDiscountSen: 0,
      gstSen: 0,
      houseNo: 'Blok B-12',
      currentTitle: 'CL 105667788',
    }),
  },
  // Compounds: one of each compound type.
  {
    council: 'mdpg',
    type: 'compound',
    displayNo: 'KMP-2026-000101',
    ownerName: 'MOHD FAIZAL BIN SULAIMAN',
    ownerIdNo: '900101125555',
    balanceSen: 10_000,
    details: { compoundType: 'individual', offence: 'Membuang sampah di tempat awam', offenceDate: '2026-10-02' },
  },
  {
    council: 'mdpg',
    type: 'compound',
    displayNo: 'KMP-2026-000102',
    ownerName: 'TAN KOK WAI',
    ownerIdNo: '850505126001',
    balanceSen: 25_000,
    details: {
      compoundType: 'health_individual',
      offence: 'Pengendali makanan tanpa suntikan tifoid',
      offenceDate: '2026-09-14',
    },
  },
  {
    council: 'mdpg',
    type: 'compound',
    displayNo: 'KMP-2026-000103',
    ownerName: 'KEDAI RUNCIT SRI PENAMPANG',
    ownerIdNo: '202003045678',
    balanceSen: 50_000,
    details: {
      compoundType: 'trading',
      companyName: 'Kedai Runcit Sri Penampang',
      offence: 'Berniaga tanpa lesen',
      offenceDate: '2026-08-30',
    },
  },
  {
    council: 'mdpg',
    type: 'compound',
    displayNo: 'KMP-2026-000104',
    ownerName: 'RESTORAN SELERA KITA',
    ownerIdNo: '201805061234',
    balanceSen: 30_000,
    details: {
      compoundType: 'health_trading',
      companyName: 'Restoran Selera Kita',
      offence: 'Premis makanan kotor',
      offenceDate: '2026-10-20',
    },
  },
  {
    council: 'mdpg',
    type: 'compound',
    displayNo: 'KMP-2026-000105',
    ownerName: 'AMINAH BINTI SAPIN',
    ownerIdNo: '780630125512',
    balanceSen: 15_000,
    details: { compoundType: 'citycontrol', offence: 'Meletak barang di kaki lima', offenceDate: '2026-11-01' },
  },
  {
    council: 'mdpg',
    type: 'compound',
    displayNo: 'KMP-2026-000106',
    ownerName: 'WONG CHEE KEONG',
    ownerIdNo: '920312126789',
    balanceSen: 3_000,
    details: {
      compoundType: 'vehicle',
      vehicleNo: 'SAB 1234 A',
      offenderName: 'WONG CHEE KEONG',
      offence: 'Letak kereta tanpa kupon',
      offenceDate: '2026-11-10',
    },
  },
  {
    council: 'mps',
    type: 'compound',
    displayNo: 'MPS-KPN-88123',
    ownerName: 'RAZALI BIN OMAR',
    ownerIdNo: '710203125441',
    balanceSen: 5_000,
    details: {
      compoundType: 'vehicle',
      vehicleNo: 'SS 8821 B',
      offenderName: 'RAZALI BIN OMAR',
      offence: 'Letak kereta di petak OKU',
      offenceDate: '2026-10-11',
    },
  },
  {
    council: 'mpt',
    type: 'compound',
    displayNo: 'MPT-2026-7781',
    ownerName: 'YAP SIEW LAN',
    ownerIdNo: '860919125022',
    balanceSen: 0,
    details: { compoundType: 'individual', offence: 'Membuang sampah', offenceDate: '2026-06-01' },
  },
  // Trading licences.
  {
    council: 'mdpg',
    type: 'trading_license',
    displayNo: 'LP-2025-0001',
    ownerName: 'KEDAI KOPI HUP SENG',
    ownerIdNo: '198901003344',
    address: 'Lot 5, Bandar Donggongon, 89500 Penampang',
    balanceSen: 36_000,
    paidUntilYear: 2025,
    paidUntilMonth: 12,
    details: { natureOfBusiness: 'Kedai kopi dan makanan', premise: 'Lot 5, Bandar Donggongon', arrearsOnly: false },
    licence: {
      licenceNo: 'LP-2025-0001',
      reference: 'MDPG-LP-0001',
      hasPhoto: true,
      statusl: 'active',
      mKodType: 'niaga',
      kind: 'niaga',
      printCode: '2',
      renewalYears: 1,
    },
    dependents: [
      {
        type: 'trading_license',
        displayNo: 'LP-2025-0001-IK1',
        ownerName: 'KEDAI KOPI HUP SENG',
        balanceSen: 12_000,
        details: { natureOfBusiness: 'Papan iklan bercahaya 2m x 1m', subhead: 'iklan' },
      },
      {
        type: 'trading_license',
        displayNo: 'LP-2025-0001-KL1',
        ownerName: 'KEDAI KOPI HUP SENG',
        balanceSen: 6_000,
        details: { natureOfBusiness: 'Penggunaan kaki lima', subhead: 'kakilima' },
      },
    ],
  },
  {
    council: 'mdpg',
    type: 'trading_license',
    displayNo: 'LP-2025-0002',
    ownerName: 'SALON CANTIK MAWAR',
    ownerIdNo: '201702223311',
    address: 'Lot 22, Plaza Penampang, 89500 Penampang',
    balanceSen: 24_000,
    paidUntilYear: 2025,
    paidUntilMonth: 12,
    details: { natureOfBusiness: 'Salon rambut', arrearsOnly: false },
    licence: {
      licenceNo: 'LP-2025-0002',
      reference: 'MDPG-LP-0002',
      hasPhoto: true,
      statusl: 'approved',
      mKodType: 'niaga',
      kind: 'niaga',
      printCode: '2',
    },
  },
  {
    council: 'mdpg',
    type: 'trading_license',
    displayNo: 'LP-2025-0003',
    ownerName: 'PUSAT HIBURAN GALAXY',
    ownerIdNo: '201005557788',
    address: 'Lot 1, Kompleks Millimewa, 89500 Penampang',
    balanceSen: 150_000,
    paidUntilYear: 2025,
    paidUntilMonth: 12,
    details: { natureOfBusiness: 'Pusat hiburan', arrearsOnly: false },
    licence: {
      licenceNo: 'LP-2025-0003',
      reference: 'MDPG-LP-0003',
      statusl: 'active',
      mKodType: 'niaga',
      kind: 'operasi',
      printCode: '5',
      renewableOnline: false,
    },
  },
  {
    council: 'mps',
    type: 'trading_license',
    displayNo: 'MPS-LN-4410',
    ownerName: 'SANDAKAN HARDWARE TRADING',
    ownerIdNo: '199503014455',
    address: 'Jalan Leila, 90000 Sandakan',
    balanceSen: 48_000,
    paidUntilYear: 2025,
    paidUntilMonth: 12,
    details: { natureOfBusiness: 'Kedai perkakasan', arrearsOnly: true },
    licence: {
      licenceNo: 'MPS-LN-4410',
      reference: 'MPS-LN-4410',
      hasPhoto: true,
      statusl: 'active',
      mKodType: 'niaga',
      kind: 'niaga',
      printCode: '2',
    },
  },
  // Council permits / licences.
  {
    council: 'mdpg',
    type: 'council_permit_license',
    displayNo: 'PJ-2026-0150',
    ownerName: 'SAMSIAH BINTI LADJA',
    ownerIdNo: '800808125432',
    balanceSen: 12_000,
    paidUntilYear: 2026,
    paidUntilMonth: 6,
    details: { natureOfBusiness: 'Penjaja bergerak (kuih-muih)', location: 'Sekitar Donggongon' },
    licence: {
      licenceNo: 'PJ-2026-0150',
      reference: 'MDPG-PJ-0150',
      hasPhoto: true,
      statusl: 'active',
      mKodType: 'general',
      kind: 'penjaja',
      printCode: '1',
      renewalYears: 0,
      renewalMonths: 6,
    },
  },
  {
    council: 'mdpg',
    type: 'council_permit_license',
    displayNo: 'PS-2026-0033',
    ownerName: 'LOUIS MOJUNTIN',
    ownerIdNo: '770112125999',
    balanceSen: 7_200,
    paidUntilYear: 2026,
    paidUntilMonth: 10,
    details: { natureOfBusiness: 'Gerai sayur, Pasar Tamu Donggongon', stallNo: 'T-14' },
    licence: {
      licenceNo: 'PS-2026-0033',
      reference: 'MDPG-PS-0033',
      statusl: 'active',
      mKodType: 'general',
      kind: 'pasar',
      printCode: '3',
      renewalYears: 0,
      renewalMonths: 3,
    },
  },
  // Engineering bills: one per plan type.
  ...(['REZONING', 'DEVELOPMENT', 'BUILDING', 'PRIVATE BUILDING', 'LAND', 'RENOVATION', 'ENGINEERING'] as const).map(
    (planType, i): PayableSeed => ({
      council: 'mdpg',
      type: 'engineering',
      planType,
      displayNo: `JK/${planType.slice(0, 3)}/2026/${String(101 + i).padStart(4, '0')}`,
      ownerName: [
        'PERUNDING ALAM BINA',
        'HARTANAH KINABALU SDN BHD',
        'LEE BOON HOCK',
        'MARIA ANAK JOHNNY',
        'KOPERASI PENAMPANG BHD',
        'DR. ANITA CHIN',
        'JURUTERA SEMESTA',
      ][i],
      ownerIdNo: [
        '201201009988',
        '200811112222',
        '650505125151',
        '830303125252',
        '199001001122',
        '790707126363',
        '201505051313',
      ][i],
      balanceSen: [250_000, 1_200_000, 85_000, 42_000, 60_000, 18_500, 33_000][i],
      details: {
        landNo: `CL 01512${3400 + i}`,
        title: `Permohonan ${planType.toLowerCase()} di Penampang`,
        bill: `BIL-ENG-${2026}${String(i + 1).padStart(3, '0')}`,
        planDate: `2026-0${(i % 9) + 1}-15`,
        referenceNo: `MDPG(JK)${700 + i}`,
      },
    }),
  ),
  // Tenancy: a minimum payment applies.
  {
    council: 'mdpg',
    type: 'tenancy',
    displayNo: 'GR 12',
    ownerName: 'ROSNAH BINTI MUSA',
    ownerIdNo: '850211125678',
    address: 'Gerai No. 12, Medan Selera Donggongon',
    balanceSen: 45_000,
    minimumPaymentSen: 15_000,
    details: { premise: 'Gerai No. 12, Medan Selera Donggongon', monthlyRentSen: 15_000, arrearsMonths: 3 },
  },
  {
    council: 'mps',
    type: 'tenancy',
    displayNo: 'KD 8',
    ownerName: 'HO SOOK FUN',
    ownerIdNo: '900404125111',
    address: 'Kedai No. 8, Pasar Besar Sandakan',
    balanceSen: 80_000,
    minimumPaymentSen: 40_000,
    details: { premise: 'Kedai No. 8, Pasar Besar Sandakan', monthlyRentSen: 40_000, arrearsMonths: 2 },
  },
  // Bookings.
  {
    council: 'mdpg',
    type: 'booking',
    displayNo: 'BK-2026-00017',
    ownerName: 'PERSATUAN BELIA PENAMPANG',
    ownerIdNo: 'PPM-001-12-01012020',
    balanceSen: 60_000,
    details: { facility: 'Dewan Serbaguna Donggongon', date: '2026-12-12', session: '08:00-17:00' },
  },
  {
    council: 'mpt',
    type: 'booking',
    displayNo: 'TWU/DEWAN/0091',
    ownerName: 'KELAB SUKAN TAWAU',
    ownerIdNo: 'PPM-014-12-05052015',
    balanceSen: 35_000,
    details: { facility: 'Dewan Majlis Perbandaran Tawau', date: '2026-12-20', session: '18:00-23:00' },
  },
  // Local government charge: the charge the payer's form computes (people x days x rate).
  {
    council: 'mdpg',
    type: 'local_government_charge',
    displayNo: 'LGC-TAPAK',
    ownerName: 'MAJLIS DAERAH PENAMPANG',
    balanceSen: 0,
    details: { description: 'Caj penggunaan tapak awam', ratePerPersonPerDaySen: 100 },
  },
  // Market bills.
  {
    council: 'mdpg',
    type: 'market_bill',
    displayNo: 'MB-0012',
    ownerName: 'JULIANA BINTI SIKUL',
    ownerIdNo: '810915125151',
    balanceSen: 9_000,
    details: { market: 'Pasar Tamu Donggongon', stallNo: '12', period: '11/2026' },
  },
  {
    council: 'mps',
    type: 'market_bill',
    displayNo: 'MB-SDK-0301',
    ownerName: 'CHIN YUN FATT',
    ownerIdNo: '700101125252',
    balanceSen: 21_000,
    details: { market: 'Pasar Besar Sandakan', stallNo: 'A-301', period: '10/2026 - 11/2026' },
  },
];
