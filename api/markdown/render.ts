// The product's one safe Markdown renderer (a school's "About", job descriptions, posts): a small
// subset — paragraphs, line breaks, emphasis, strong, lists, links (http, https, mailto),
// blockquotes, inline code — rendered on the server from the stored source, so the browser gets
// sanitised HTML and carries no parser. Two guards: markdown-it with raw HTML off and every other
// rule disabled (no images, headings, tables, code blocks), then an allow-list check of its output
// (sanitize-html with the same allow-list rewrites any output the check refuses), so a rule the
// parser grows later cannot reach a page.
//
// Its cost is bounded (decision 1411): markdown-it's work grows with the markup, not the length
// (about 1 µs per emphasis mark, 3 µs per list item; 20,000 characters of `- a` took 25-30 ms on
// an idle box where a plain paragraph takes 0.3 ms). A render builds at most BUDGET.blockTokens
// block tokens and takes at most BUDGET.inlineSteps inline steps; past either, the rest of the body
// is shown as written, as text. No real post comes near (a densely formatted 20,000-character
// advert uses 57% and 18% of them). Rendered HTML is kept per source (a thread page renders each
// body once, not on every read).
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import MarkdownIt, { type StateBlock, type StateInline } from 'markdown-it';
import { escapeText } from '../../core/html';
import type sanitize from 'sanitize-html';

/** Links a reader may follow; anything else (javascript:, data:, relative paths) stays text. */
const LINK = /^(https?:\/\/|mailto:)/i;
/** Every link leaves our site and is the author's, not ours: search engines are told so (UGC). */
export const LINK_REL = 'nofollow ugc noopener';

/**
 * The most work one render may do: block tokens (a paragraph is 3, a list item 5 or 2) and inline
 * steps (one each time the inline parser tries its rules at a mark that makes work: `*` and `_`,
 * one per mark of a run, `[`, `` ` ``, `<`, `&`, `\`, a line break).
 */
export const BUDGET = { blockTokens: 2_000, inlineSteps: 2_000 } as const;

/** One render's work (markdown-it's `env`, shared by every inline block of the body). */
type Work = {
  /** Inline steps, as the budget counts them. */
  steps: number;
  /** Inline tokens built and emphasis delimiters to pair, before text runs are joined (what the tests count). */
  tokens: number;
  delimiters: number;
};
const noWork = (): Work => ({ steps: 0, tokens: 0, delimiters: 0 });

const md = new MarkdownIt('default', { html: false, linkify: false, breaks: true, typographer: false, maxNesting: 20, xhtmlOut: true });
md.disable(['heading', 'lheading', 'hr', 'code', 'fence', 'table', 'html_block', 'html_inline', 'image', 'strikethrough']);
md.validateLink = (url) => LINK.test(url.trim());

/** The rest of a container, from `startLine`, as one paragraph of its text (its inline marks still count). */
function restAsParagraph(state: StateBlock, startLine: number, endLine: number): boolean {
  const content = state.getLines(startLine, endLine, state.blkIndent, false).trim();
  state.line = endLine;
  if (!content) return true;
  state.push('paragraph_open', 'p', 1).map = [startLine, endLine];
  const inline = state.push('inline', '', 0);
  inline.content = content;
  inline.map = [startLine, endLine];
  inline.children = [];
  state.push('paragraph_close', 'p', -1);
  return true;
}

// Block budget: the first block rule, so each block of a container is counted before it is parsed…
md.block.ruler.before('table', 'budget', (state, startLine, endLine, silent) =>
  !silent && state.tokens.length >= BUDGET.blockTokens ? restAsParagraph(state, startLine, endLine) : false,
);
// …and each container's content (a list item's, even an empty one, never reaches a block rule).
const tokenize = md.block.tokenize.bind(md.block);
md.block.tokenize = (state, startLine, endLine) => {
  if (state.tokens.length >= BUDGET.blockTokens && startLine < endLine) restAsParagraph(state, startLine, endLine);
  else tokenize(state, startLine, endLine);
};

// Inline budget: the first inline rule counts the steps that make work (a step at `*`, `_`, `[`, `` ` ``,
// `<`, `&`, `\\` or a line break; a run of `*` or `_` counts each mark, as each becomes a token) before
// it is taken; past the budget the rest of this inline block is its text (and a label scanned in
// silent mode ends there, so it is not a link). Plain text and the other marks cost no more than text.
const WORKING = new Set(Array.from('*_[`<&\\\n', (c) => c.charCodeAt(0)));
md.inline.ruler.before('text', 'budget', (state: StateInline, silent) => {
  const work = state.env as Work;
  const { src, pos, posMax } = state;
  const mark = src.charCodeAt(pos);
  if (!WORKING.has(mark)) return false;
  let end = pos + 1;
  if (mark === 0x2a /* * */ || mark === 0x5f /* _ */) while (end < posMax && src.charCodeAt(end) === mark) end++;
  work.steps += end - pos;
  if (work.steps <= BUDGET.inlineSteps) return false;
  if (!silent) state.pending += src.slice(pos, posMax);
  state.pos = posMax;
  return true;
});

// What an inline block built, counted before emphasis is paired and text runs are joined.
md.inline.ruler2.before('balance_pairs', 'count', (state) => {
  const work = state.env as Work;
  work.tokens += state.tokens.length;
  work.delimiters += state.delimiters.length + state.tokens_meta.reduce((n, meta) => n + (meta?.delimiters?.length ?? 0), 0);
  return false;
});

// Text as HTML text: `&` and `<` (and `>`) escaped, quotes left as they are (sanitize-html writes them so too).
md.renderer.rules.text = (tokens, idx) => escapeText(tokens[idx].content);
md.renderer.rules.code_inline = (tokens, idx) => `<code>${escapeText(tokens[idx].content)}</code>`;
md.renderer.rules.link_open = (tokens, idx, options, _env, self) => {
  // Only the address and our rel: a title is not in the subset.
  const href = tokens[idx].attrGet('href') ?? '';
  tokens[idx].attrs = [['href', href]];
  tokens[idx].attrSet('rel', LINK_REL);
  return self.renderToken(tokens, idx, options);
};

/**
 * sanitize-html (and postcss under it), loaded the first time output needs it: the allow-list check
 * below passes what the renderer writes, so a server may never need it, and loading it cost every
 * start ~40 ms of CPU.
 */
let loaded: typeof sanitize | undefined;
const sanitizeHtml = (html: string, options: sanitize.IOptions) =>
  (loaded ??= createRequire(import.meta.url)('sanitize-html') as typeof sanitize)(html, options);

const ALLOWED: sanitize.IOptions = {
  allowedTags: ['p', 'br', 'em', 'strong', 'ul', 'ol', 'li', 'a', 'blockquote', 'code'],
  allowedAttributes: { a: ['href', 'rel'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
  disallowedTagsMode: 'escape',
  transformTags: { a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: LINK_REL } }) },
};

/** A tag of the allow-list exactly as the renderer writes it (a link: an http(s) or mailto address, our rel). */
const ALLOWED_TAG = new RegExp(
  '^<(?:/?(?:p|em|strong|ul|li|blockquote|code)|/ol|/a|br /|ol(?: start="\\d{1,9}")?' +
    `|a href="(?:https?://|mailto:)[^"<>]*" rel="${LINK_REL}")>$`,
  'i',
);

/** True when every tag of the HTML is one the allow-list keeps exactly as it is (then sanitize-html would change nothing). */
function allowListed(html: string): boolean {
  const tags = /<[^>]*>?/g;
  for (let m = tags.exec(html); m; m = tags.exec(html)) if (!ALLOWED_TAG.test(m[0])) return false;
  return true;
}

/**
 * The second guard. Sanitize-html costs about 1 µs per tag or entity (20,000 `<` took 26 ms), so
 * output whose every tag the allow-list keeps as it is passes unchanged (as sanitize-html would
 * write it: a property test compares them); anything else goes through sanitize-html.
 */
const guard = (html: string) => (allowListed(html) ? html : sanitizeHtml(html, ALLOWED));

/** Rendered HTML by source hash, least recently used first, up to KEPT_CHARS of HTML. */
const kept = new Map<string, string>();
const KEPT_CHARS = 8_000_000;
let keptChars = 0;

function keep(key: string, html: string): void {
  kept.set(key, html);
  keptChars += html.length + key.length;
  for (const [old, value] of kept) {
    if (keptChars <= KEPT_CHARS) break;
    kept.delete(old);
    keptChars -= value.length + old.length;
  }
}

/** markdown-it's HTML of the source within the budget (before the second guard). */
const rendered = (source: string) => md.render(source, noWork());

/** The sanitised HTML of a Markdown source of the product's subset ('' for an empty source). */
export function renderMarkdown(source: string): string {
  if (!source.trim()) return '';
  const key = createHash('sha256').update(source).digest('base64url');
  const found = kept.get(key);
  if (found !== undefined) {
    kept.delete(key);
    kept.set(key, found);
    return found;
  }
  const html = guard(rendered(source)).trim();
  keep(key, html);
  return html;
}

/**
 * For tests and bench/markdown.ts: one render's work (block tokens, inline tokens and delimiters
 * built, inline steps, whether its HTML passed the allow-list as it was), its HTML through each guard (never kept), and
 * the kept renders emptied.
 */
export const markdownInternals = {
  work(source: string) {
    const work = noWork();
    const tokens = md.parse(source, work);
    const allowed = allowListed(md.renderer.render(tokens, md.options, work));
    return {
      blockTokens: tokens.length,
      inlineTokens: work.tokens,
      delimiters: work.delimiters,
      inlineSteps: work.steps,
      allowListed: allowed,
    };
  },
  render: (source: string) => guard(rendered(source)).trim(),
  sanitized: (source: string) => sanitizeHtml(rendered(source), ALLOWED).trim(),
  forget() {
    kept.clear();
    keptChars = 0;
  },
};

/**
 * The words a reader sees, as plain text: what a card's excerpt and a page's description show
 * (never Markdown marks or HTML). Read from the same parser as the rendering, so a link keeps its
 * words (not its address), emphasis and code keep their text, paragraphs, list items and line
 * breaks become new lines, and entities are decoded.
 */
export function markdownText(source: string): string {
  if (!source.trim()) return '';
  let out = '';
  for (const token of md.parse(source, noWork())) {
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
