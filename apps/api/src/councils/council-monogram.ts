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

/** An SVG as a data URL, the form documents take images in. */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}

/**
 * A placeholder signature for a council's officer until staff upload the real one: a pen stroke and the
 * words "SPECIMEN <code>", so it can never pass for a real signature.
 */
export function placeholderSignatureSvg(code: string): string {
  const label = `SPECIMEN ${code.replace(/[^a-z0-9]/gi, '').toUpperCase()}`;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="80" viewBox="0 0 240 80">',
    '<path d="M10 55 C 30 10, 50 10, 60 45 S 90 70, 105 35 S 140 10, 150 50 S 190 65, 230 30" fill="none" stroke="#1a237e" stroke-width="3" stroke-linecap="round"/>',
    `<text x="120" y="75" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="11" fill="#9e9e9e">${label}</text>`,
    '</svg>',
  ].join('');
}
