// The one HTML escape (issue 42): every string the server or the web app writes into HTML or XML
// by hand (the server's own small pages, emails, the sitemap, the page head, the Markdown
// renderer) goes through this table, with the entities React writes for the pages it renders.

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
const entity = (ch: string) => ENTITIES[ch];

/** Text or an attribute value (double- or single-quoted): `& < > " '` escaped. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, entity);
}

/**
 * Text between tags, quotes left as written: `& < >` escaped. This is how sanitize-html writes
 * text, so the Markdown renderer's output equals what sanitize-html would make of it (decision
 * 1411), and how the page head has always written its title and paragraphs.
 */
export function escapeText(s: string): string {
  return s.replace(/[&<>]/g, entity);
}
