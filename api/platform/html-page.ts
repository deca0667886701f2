// The server's own small HTML pages (sign-in chooser and failures, sign-out, the 429 page of a
// server-rendered address): one plain card, inline styles only (CSP: no script, style inline ok).
import { escapeHtml } from '../../core/html';

/** A whole document: `title` is escaped here, `body` is HTML the caller has escaped. */
export function plainPage(title: string, body: string): string {
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Teachers In London Talk</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;min-height:100vh;display:grid;place-items:center;background:#f4f6fb;color:#1f2937}
main{box-sizing:border-box;background:#fff;border-radius:1rem;box-shadow:0 4px 24px rgba(0,0,0,.08);padding:2rem;width:min(24rem,calc(100vw - 2rem))}
h1{font-size:1.4rem;margin:0 0 .5rem}p{line-height:1.5}
a.button,button.button{display:block;box-sizing:border-box;width:100%;font:inherit;background:#fff;cursor:pointer;text-align:center;padding:.8rem 1rem;margin:.6rem 0;border-radius:.6rem;border:1px solid #cbd5e1;color:#1e3a8a;text-decoration:none;font-weight:600}
.button:hover,.button:focus{background:#eef2ff}a.secondary{color:#475569;font-weight:400}
</style></head><body><main>${body}</main></body></html>`;
}
