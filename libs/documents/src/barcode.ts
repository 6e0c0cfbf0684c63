/**
 * CODE128 barcodes as SVG markup, drawn by jsbarcode into an XML document (no browser, no canvas), for
 * pdfmake's `svg` element. The human-readable value is printed by the document beside it, in its font.
 */
import { DOMImplementation, XMLSerializer } from '@xmldom/xmldom';
import JsBarcode from 'jsbarcode';

export function code128Svg(value: string, height = 40): string {
  const document = new DOMImplementation().createDocument('http://www.w3.org/1999/xhtml', 'html', null);
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  // xmldom's Document implements what jsbarcode uses of a DOM XMLDocument (createElementNS, setAttribute).
  JsBarcode(svg, value, {
    xmlDocument: document as unknown as XMLDocument,
    format: 'CODE128',
    displayValue: false,
    height,
    margin: 0,
  });
  return new XMLSerializer().serializeToString(svg);
}
