/**
 * A council's demo logo: a monogram of its code on a colour of its own, as SVG. Councils with a real logo
 * set one in the console (Council.logoPath); the seed points every council at its monogram until then.
 */

/** The path the monogram of a council is served at. */
export function monogramPath(code: string): string {
  return `/api/councils/${code}/logo.svg`;
}

/** A stable hue per code, so each council keeps its colour. */
function hueOf(code: string): number {
  let hash = 0;
  for (const char of code) hash = (hash * 31 + char.charCodeAt(0)) % 360;
  return hash;
}

/** The monogram: the code's letters (at most four, upper case) in white on a rounded square. */
export function councilMonogramSvg(code: string): string {
  const letters = code
    .replace(/[^a-z]/gi, '')
    .slice(0, 4)
    .toUpperCase();
  const fontSize = letters.length <= 2 ? 26 : letters.length === 3 ? 21 : 16;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">',
    `<rect width="64" height="64" rx="14" fill="hsl(${hueOf(code)}, 55%, 32%)"/>`,
    '<rect x="5" y="5" width="54" height="54" rx="10" fill="none" stroke="#ffca28" stroke-width="2"/>',
    `<text x="32" y="32" dy="0.35em" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="${fontSize}" fill="#fff">${letters}</text>`,
    '</svg>',
  ].join('');
}
