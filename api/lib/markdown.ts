// The product's one safe Markdown renderer (a school's "About", job descriptions, posts): a small
// subset — paragraphs, line breaks, emphasis, strong, lists, links (http, https, mailto),
// blockquotes, inline code — rendered on the server from the stored source, so the browser gets
// sanitised HTML and carries no parser. Two guards: markdown-it with raw HTML off and every other
// rule disabled (no images, headings, tables, code blocks), then sanitize-html with the same
// allow-list, so a rule the parser grows later cannot reach a page.
import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

/** Links a reader may follow; anything else (javascript:, data:, relative paths) stays text. */
const LINK = /^(https?:\/\/|mailto:)/i;
/** Every link leaves our site and is the author's, not ours: search engines are told so (UGC). */
export const LINK_REL = 'nofollow ugc noopener';

const md = new MarkdownIt('default', { html: false, linkify: false, breaks: true, typographer: false, maxNesting: 20 });
md.disable(['heading', 'lheading', 'hr', 'code', 'fence', 'table', 'html_block', 'html_inline', 'image', 'strikethrough']);
md.validateLink = (url) => LINK.test(url.trim());
md.renderer.rules.link_open = (tokens, idx, options, _env, self) => {
  tokens[idx].attrSet('rel', LINK_REL);
  return self.renderToken(tokens, idx, options);
};

const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'em', 'strong', 'ul', 'ol', 'li', 'a', 'blockquote', 'code'],
  allowedAttributes: { a: ['href', 'rel'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
  disallowedTagsMode: 'escape',
  transformTags: { a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: LINK_REL } }) },
};

/** The sanitised HTML of a Markdown source of the product's subset ('' for an empty source). */
export function renderMarkdown(source: string): string {
  if (!source.trim()) return '';
  return sanitizeHtml(md.render(source), ALLOWED).trim();
}

/**
 * The words a reader sees, as plain text: what a card's excerpt and a page's description show
 * (never Markdown marks or HTML). Read from the same parser as the rendering, so a link keeps its
 * words (not its address), emphasis and code keep their text, paragraphs, list items and line
 * breaks become new lines, and entities are decoded.
 */
export function markdownText(source: string): string {
  if (!source.trim()) return '';
  let out = '';
  for (const token of md.parse(source, {})) {
    if (token.type === 'inline') {
      for (const child of token.children ?? []) {
        if (child.type === 'text' || child.type === 'code_inline') out += child.content;
        else if (child.type === 'softbreak' || child.type === 'hardbreak') out += '\n';
      }
    } else if (token.type === 'paragraph_close' || token.type === 'list_item_close') out += '\n';
  }
  return out.replace(/\n{2,}/g, '\n').trim();
}

/** A short plain-text excerpt (a thread card's "first 200 characters"), whitespace folded to single spaces. */
export function markdownExcerpt(source: string, max: number): string {
  return markdownText(source).replace(/\s+/g, ' ').trim().slice(0, max).trimEnd();
}
