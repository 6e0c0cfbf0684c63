/**
 * Why a bank or the card gateway refused a payment, in the payer's language. The English texts are the
 * gateways' own (the FPX response code list in libs/fpx, the card gateway's errDesc) and are stored with the
 * payment; here are their Malay and Chinese translations, by FPX response code and by card reason. The code
 * always stays visible beside the text, for the helpline.
 */
import type { Language } from '@councilpay/domain';

type Translated = Readonly<Record<'ms' | 'zh', string>>;

/** Malay and Chinese texts of the FPX response codes (fpx_debitAuthCode). */
export const FPX_REASON_TRANSLATIONS: Readonly<Record<string, Translated>> = Object.freeze({
  '00': { ms: 'Diluluskan', zh: '已批准' },
  '03': { ms: 'Peniaga tidak sah', zh: '商户无效' },
  '05': { ms: 'Kod penjual atau bank pemeroleh tidak sah', zh: '卖方或收单银行代码无效' },
  '09': { ms: 'Transaksi belum selesai', zh: '交易待处理' },
  '12': { ms: 'Transaksi tidak sah', zh: '交易无效' },
  '13': { ms: 'Amaun tidak sah', zh: '金额无效' },
  '14': { ms: 'Akaun pembeli tidak sah', zh: '买方账户无效' },
  '20': { ms: 'Respons tidak sah', zh: '回应无效' },
  '30': { ms: 'Ralat format', zh: '格式错误' },
  '31': { ms: 'Bank tidak sah', zh: '银行无效' },
  '39': { ms: 'Tiada akaun kredit', zh: '无贷记账户' },
  '45': { ms: 'Nombor pesanan penjual berulang', zh: '卖方订单号重复' },
  '46': { ms: 'Pertukaran penjual atau penjual tidak sah', zh: '卖方交换或卖方无效' },
  '47': { ms: 'Mata wang tidak sah', zh: '货币无效' },
  '48': { ms: 'Had maksimum transaksi melebihi', zh: '超过最高交易限额' },
  '49': { ms: 'Had khusus peniaga melebihi', zh: '超过商户特定限额' },
  '50': { ms: 'Penjual tidak sah bagi had khusus peniaga', zh: '商户特定限额的卖方无效' },
  '51': { ms: 'Baki tidak mencukupi', zh: '余额不足' },
  '53': { ms: 'Tiada nombor akaun pembeli', zh: '无买方账号' },
  '57': { ms: 'Transaksi tidak dibenarkan', zh: '不允许此交易' },
  '58': { ms: 'Transaksi kepada peniaga tidak dibenarkan', zh: '不允许向此商户交易' },
  '65': { ms: 'Kekerapan pengeluaran melebihi had', zh: '超过提款次数限制' },
  '70': { ms: 'Nombor siri tidak sah', zh: '序列号无效' },
  '76': { ms: 'Transaksi tidak dijumpai', zh: '找不到交易' },
  '77': { ms: 'Nama atau ID pembeli tidak sah', zh: '买方姓名或身份无效' },
  '78': { ms: 'Penyahsulitan gagal', zh: '解密失败' },
  '79': { ms: 'Ditolak oleh hos semasa gangguan', zh: '主机停机时拒绝' },
  '80': { ms: 'Pembeli membatalkan transaksi', zh: '买方取消交易' },
  '83': { ms: 'Model transaksi tidak sah', zh: '交易模式无效' },
  '84': { ms: 'Jenis transaksi tidak sah', zh: '交易类型无效' },
  '85': { ms: 'Ralat dalaman sistem bank', zh: '银行系统内部错误' },
  '87': { ms: 'Pengendalian pengecualian debit gagal', zh: '借记失败异常处理' },
  '88': { ms: 'Pengendalian pengecualian kredit gagal', zh: '贷记失败异常处理' },
  '89': { ms: 'Pengendalian pengecualian transaksi tidak diterima', zh: '未收到交易异常处理' },
  '90': { ms: 'Perbankan internet bank tidak tersedia', zh: '银行网上银行服务不可用' },
  '92': { ms: 'Bank pembeli tidak sah', zh: '买方银行无效' },
  '96': { ms: 'Kerosakan sistem', zh: '系统故障' },
  '98': { ms: 'Ralat MAC', zh: 'MAC 错误' },
  '99': { ms: 'Menunggu kelulusan (model B2B)', zh: '等待授权（适用于 B2B 模式）' },
  BB: { ms: 'Bank disekat', zh: '银行被封锁' },
  BC: { ms: 'Transaksi dibatalkan oleh pelanggan', zh: '交易被客户取消' },
  DA: { ms: 'Jenis permohonan tidak sah', zh: '申请类型无效' },
  DB: { ms: 'Format e-mel tidak sah', zh: '电子邮件格式无效' },
  DC: { ms: 'Kekerapan maksimum tidak sah', zh: '最高频率无效' },
  DD: { ms: 'Mod kekerapan tidak sah', zh: '频率模式无效' },
  DE: { ms: 'Tarikh luput tidak sah', zh: '到期日无效' },
  DF: { ms: 'ID bank pembeli e-Mandat tidak sah', zh: '电子授权买方银行代码无效' },
  FE: { ms: 'Ralat dalaman', zh: '内部错误' },
  OE: { ms: 'Transaksi ditolak kerana di luar waktu operasi FPX', zh: '交易因不在 FPX 营业时间内而被拒绝' },
  OF: { ms: 'Tamat masa transaksi', zh: '交易超时' },
  SB: { ms: 'Kod bank pemeroleh tidak sah', zh: '收单银行代码无效' },
  XA: { ms: 'Alamat IP sumber tidak sah', zh: '来源 IP 地址无效' },
  XB: { ms: 'IP pertukaran penjual tidak sah', zh: '卖方交换 IP 无效' },
  XC: { ms: 'Ralat penyulitan pertukaran penjual', zh: '卖方交换加密错误' },
  XE: { ms: 'Mesej tidak sah', zh: '信息无效' },
  XF: { ms: 'Bilangan pesanan tidak sah', zh: '订单数量无效' },
  XI: { ms: 'Pertukaran penjual tidak sah', zh: '卖方交换无效' },
  XM: { ms: 'Model transaksi FPX tidak sah', zh: 'FPX 交易模式无效' },
  XN: {
    ms: 'Transaksi ditolak kerana nombor pesanan pertukaran penjual berulang',
    zh: '交易因卖方交换订单号重复而被拒绝',
  },
  XO: { ms: 'Nombor pesanan pertukaran berulang', zh: '交换订单号重复' },
  XS: { ms: 'Penjual bukan milik pertukaran ini', zh: '卖方不属于此交换' },
  XT: { ms: 'Jenis transaksi tidak sah', zh: '交易类型无效' },
  XW: { ms: 'Perbezaan tarikh pertukaran penjual melebihi had', zh: '卖方交换日期差异超出限制' },
  '1A': { ms: 'Tamat masa sesi di halaman log masuk perbankan internet', zh: '网上银行登录页面会话超时' },
  '1B': {
    ms: 'Pembeli tidak memberikan maklumat yang diperlukan di halaman log masuk perbankan internet',
    zh: '买方未在网上银行登录页面提供所需信息',
  },
  '1C': { ms: 'Pembeli memilih batal di halaman log masuk', zh: '买方在登录页面选择取消' },
  '1D': { ms: 'Tamat masa sesi di halaman pemilihan akaun', zh: '账户选择页面会话超时' },
  '1E': {
    ms: 'Pembeli tidak memberikan maklumat yang diperlukan di halaman pemilihan akaun',
    zh: '买方未在账户选择页面提供所需信息',
  },
  '1F': { ms: 'Pembeli memilih batal di halaman pemilihan akaun', zh: '买方在账户选择页面选择取消' },
  '1G': { ms: 'Tamat masa sesi di halaman permintaan TAC', zh: 'TAC 请求页面会话超时' },
  '1H': {
    ms: 'Pembeli tidak memberikan maklumat yang diperlukan di halaman permintaan TAC',
    zh: '买方未在 TAC 请求页面提供所需信息',
  },
  '1I': { ms: 'Pembeli memilih batal di halaman permintaan TAC', zh: '买方在 TAC 请求页面选择取消' },
  '1J': { ms: 'Tamat masa sesi di halaman pengesahan', zh: '确认页面会话超时' },
  '1K': {
    ms: 'Pembeli tidak memberikan maklumat yang diperlukan di halaman pengesahan',
    zh: '买方未在确认页面提供所需信息',
  },
  '1L': { ms: 'Pembeli memilih batal di halaman pengesahan', zh: '买方在确认页面选择取消' },
  '1M': { ms: 'Tamat masa sesi perbankan internet', zh: '网上银行会话超时' },
  '2A': { ms: 'Amaun transaksi lebih rendah daripada had minimum', zh: '交易金额低于最低限额' },
  '2X': { ms: 'Transaksi dibatalkan oleh peniaga', zh: '交易被商户取消' },
});

/** Malay and Chinese texts of the card gateway's reasons (its errDesc), keyed by the English text in lower case. */
export const CARD_REASON_TRANSLATIONS: Readonly<Record<string, Translated>> = Object.freeze({
  'card declined': { ms: 'Kad ditolak', zh: '银行卡被拒绝' },
  'cancelled by payer': { ms: 'Dibatalkan oleh pembayar', zh: '付款人已取消' },
  'transaction not found': { ms: 'Transaksi tidak dijumpai', zh: '找不到交易' },
  failed: { ms: 'Gagal', zh: '失败' },
  'insufficient funds': { ms: 'Baki tidak mencukupi', zh: '余额不足' },
  'expired card': { ms: 'Kad telah tamat tempoh', zh: '银行卡已过期' },
  'invalid card': { ms: 'Kad tidak sah', zh: '银行卡无效' },
  'do not honour': { ms: 'Tidak dilayan oleh bank pengeluar', zh: '发卡银行拒绝交易' },
  'do not honor': { ms: 'Tidak dilayan oleh bank pengeluar', zh: '发卡银行拒绝交易' },
  'authentication failed': { ms: 'Pengesahan gagal', zh: '验证失败' },
});

/** How a gateway's refusal is shown: the reason in the payer's language, then the code. */
const WITH_CODE: Readonly<Record<Language, string>> = {
  ms: '{{text}} (kod {{code}})',
  en: '{{text}} (code {{code}})',
  zh: '{{text}}（代码 {{code}}）',
};

export interface GatewayRefusal {
  method: 'fpx' | 'card';
  /** The FPX response code, or the card gateway's status. */
  code: string | null;
  /** The gateway's own (English) text, as stored with the payment. */
  reason: string | null;
}

/** The reason alone in the payer's language (the gateway's English text when there is no translation). */
export function gatewayReasonText(language: Language, refusal: GatewayRefusal): string | null {
  const english = refusal.reason?.trim() || null;
  if (language === 'en') return english;
  const translated =
    refusal.method === 'fpx'
      ? FPX_REASON_TRANSLATIONS[(refusal.code ?? '').trim().toUpperCase()]
      : english
        ? CARD_REASON_TRANSLATIONS[english.toLowerCase()]
        : undefined;
  return translated?.[language] ?? english;
}

/**
 * The reason in the payer's language with the code beside it ("Baki tidak mencukupi (kod 51)"), or null when
 * the gateway gave neither. A card payment's code is the gateway's status (0 for any refusal), which tells the
 * payer nothing: its reason is shown alone.
 */
export function gatewayReasonLine(language: Language, refusal: GatewayRefusal): string | null {
  const text = gatewayReasonText(language, refusal);
  const code = refusal.method === 'card' && text ? undefined : refusal.code?.trim();
  if (!text) return code ? code : null;
  if (!code) return text;
  return WITH_CODE[language].replace('{{text}}', text).replace('{{code}}', code);
}
