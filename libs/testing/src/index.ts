/**
 * Tests only: helpers the API's tests and the browser tests share. Never imported by product code, never built
 * or shipped (no package.json: not an npm workspace, only a path in tsconfig.base.json and the test aliases).
 */
export { pdfText } from './pdf-text';
export { pdfColours, type Rgb } from './pdf-pixels';
export { CSS_COLOURED_SVG_LOGO, isLogoGreen, printedLogoColour } from './council-logo';
