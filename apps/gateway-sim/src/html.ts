/** Server-rendered HTML (no framework): escaping, the page shell, auto-submitting forms, error pages. */
import type { Response } from 'express';

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML content and attribute values. */
export function esc(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

const STYLE = `
*{box-sizing:border-box}
body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;background:#f3f5f7;color:#1b1f24}
header{background:#123e6b;color:#fff;padding:.75rem 1.25rem}
header p{margin:0;font-size:.85rem;opacity:.9}
main{max-width:40rem;margin:1.5rem auto;padding:1.25rem 1.5rem;background:#fff;border-radius:.5rem;box-shadow:0 1px 3px rgba(0,0,0,.15)}
h1{font-size:1.4rem;margin:.25rem 0 1rem}
h2{font-size:1.1rem;margin:1.25rem 0 .5rem}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:0 0 1rem}
dt{font-weight:600}
dd{margin:0;word-break:break-all}
.amount{font-size:1.5rem;font-weight:700}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input,select{font:inherit;padding:.45rem .5rem;border:1px solid #8a939c;border-radius:.3rem;min-width:10rem}
input:focus,select:focus,button:focus{outline:3px solid #f5b400;outline-offset:1px}
fieldset{border:1px solid #c6ccd2;border-radius:.4rem;margin:1rem 0;padding:.5rem 1rem 1rem}
legend{font-weight:600;padding:0 .25rem}
.row{display:flex;gap:1rem;flex-wrap:wrap}
.actions{display:flex;gap:.75rem;flex-wrap:wrap;margin-top:1rem}
button{font:inherit;font-weight:600;padding:.55rem 1.1rem;border-radius:.3rem;border:1px solid transparent;cursor:pointer}
.approve{background:#1e7d32;color:#fff}
.reject{background:#b3261e;color:#fff}
.pending{background:#f5b400;color:#1b1f24}
.abandon,.secondary{background:#fff;color:#1b1f24;border-color:#8a939c}
.error{background:#fdecea;border:1px solid #b3261e;border-radius:.4rem;padding:.75rem 1rem;margin:0 0 1rem}
.error ul{margin:.25rem 0 0;padding-left:1.25rem}
.note{color:#4a535c;font-size:.9rem}
table{border-collapse:collapse;width:100%;font-size:.9rem}
th,td{text-align:left;padding:.3rem .5rem;border-bottom:1px solid #e1e5e9}
.testcards{background:#eef4fb;border-radius:.4rem;padding:.5rem 1rem 1rem;margin-top:1.5rem}
code{font-family:ui-monospace,Menlo,Consolas,monospace}
`;

export interface PageOptions {
  title: string;
  /** Shown in the header band (e.g. the bank name). */
  brand: string;
  body: string;
  /** Inline script at the end of the body (auto-submit). */
  script?: string;
}

export function page(options: PageOptions): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(options.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header><strong>${esc(options.brand)}</strong><p>Gateway simulator: no real money moves here.</p></header>
<main id="main">
${options.body}
</main>
${options.script === undefined ? '' : `<script>${options.script}</script>`}
</body>
</html>
`;
}

/** Hidden inputs for a form's fields, in their order. */
export function hiddenInputs(fields: Readonly<Record<string, string>>): string {
  return Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${esc(name)}" value="${esc(value)}">`)
    .join('\n');
}

/**
 * A page whose form POSTs `fields` to `action`: submitted by script at once when `autoSubmit`, with a
 * visible Continue button for browsers without JavaScript.
 */
export function formPostPage(options: {
  title: string;
  brand: string;
  heading: string;
  message: string;
  action: string;
  fields: Readonly<Record<string, string>>;
  autoSubmit: boolean;
}): string {
  const body = `<h1>${esc(options.heading)}</h1>
<p role="status">${esc(options.message)}</p>
<form id="return-form" method="post" action="${esc(options.action)}">
${hiddenInputs(options.fields)}
<div class="actions"><button type="submit" class="approve">Continue</button></div>
</form>
<p class="note">${options.autoSubmit ? 'Returning you to the merchant. If nothing happens, press Continue.' : 'Press Continue to return to the merchant.'}</p>`;
  return page({
    title: options.title,
    brand: options.brand,
    body,
    script: options.autoSubmit ? "document.getElementById('return-form').submit();" : undefined,
  });
}

/** An error page: heading, message and optional details (each escaped). */
export function errorPage(options: {
  title: string;
  brand: string;
  message: string;
  details?: readonly string[];
}): string {
  const details =
    options.details && options.details.length > 0
      ? `<ul>${options.details.map((d) => `<li>${esc(d)}</li>`).join('')}</ul>`
      : '';
  return page({
    title: options.title,
    brand: options.brand,
    body: `<h1>${esc(options.title)}</h1>
<div class="error" role="alert"><p>${esc(options.message)}</p>${details}</div>
<p class="note">Nothing was recorded. Go back to the merchant and try again.</p>`,
  });
}

/** Sends a page that must not be cached. */
export function sendHtml(res: Response, status: number, html: string): void {
  res.status(status).set('cache-control', 'no-store').type('html').send(html);
}

/** Answers a payment request that does not verify or is not valid: 400 and an error page; nothing recorded. */
export function refuseRequest(res: Response, brand: string, message: string, details: readonly string[]): void {
  sendHtml(res, 400, errorPage({ title: 'Payment request refused', brand, message, details }));
}
