/**
 * @councilpay/documents — the documents payers keep: the payment receipt and the digital licence, as
 * pdfmake definitions built from plain data (no I/O), rendered to PDF on the server with an embedded font
 * that covers Malay, English and Chinese. Each carries a CODE128 barcode and a QR code holding a token
 * signed with the council's Ed25519 key, which the public verify page checks.
 */
export { receiptDefinition, type ReceiptData } from './receipt';
export { renderPdf, DOCUMENT_FONT, DOCUMENT_FONT_FILES } from './render';
export {
  DocumentRenderPool,
  DocumentRenderError,
  type DocumentRenderFailure,
  type RenderPoolOptions,
} from './render-pool';
export { code128Svg } from './barcode';
export {
  signDocumentToken,
  checkDocumentToken,
  loadSigningKey,
  loadVerifyKey,
  type DocumentFacts,
  type ReceiptFacts,
  type LicenceFacts,
  type TokenCheck,
} from './verify-token';
export {
  LICENCE_AUTHORITATIVE_LANGUAGE,
  licenceDefinition,
  licenceText,
  licenceTemplate,
  licencePrintRefusal,
  paidUntilText,
  LICENCE_KINDS,
  LICENCE_TEMPLATES,
  OPERASI_TEMPLATES,
  type LicenceData,
  type LicenceKind,
  type LicenceTemplate,
  type LicencePrintRefusal,
} from './licence';
export { dayCloseDefinition, DAY_CLOSE_FIGURES, type DayCloseDocument } from './day-close';
