/**
 * @councilpay/fpx — gateway protocols.
 *
 * FPX merchant side (messages.ts): buildAuthorisationRequest, buildEnquiryRequest,
 * buildBankEnquiryRequest, verifyAuthorisationConfirmation, verifyEnquiryResponse,
 * verifyBankListResponse. FPX exchange side for the simulator (exchange.ts). Checksums
 * (checksum.ts), bank list (banks.ts), response codes (codes.ts), form bodies (form.ts),
 * amounts and times (format.ts). Card gateway: card.ts (merchant) and card-exchange.ts (simulator).
 * DuitNow QR payloads, built and read with their CRC (duitnow-qr.ts); the QR acquirer's charges and signed
 * notifications (duitnow-acquirer.ts).
 */
export * from './format';
export * from './form';
export * from './checksum';
export * from './codes';
export * from './banks';
export type { VerifyResult, VerifyFailure, VerifyFailureCode } from './verify';
export * from './messages';
export * from './exchange';
export * from './card';
export * from './card-exchange';
export * from './dev-keys';
export * from './duitnow-qr';
export * from './duitnow-acquirer';
