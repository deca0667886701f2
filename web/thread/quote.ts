// "Quote" in a thread: a Markdown quote of a reply (or of the opening post) with its author's
// first name and a link to it, for the reply form. The server reads exactly this link to tell the
// quoted author (api/notifications/notifications.service.ts quotedSources): `#post-{id}` for a
// reply, `#opening-post` for the thread's own post. The link is absolute, as the one renderer
// only links http(s) addresses.

/** The id a reply's element carries on the thread page (the quote's link target). */
export const postAnchor = (postId: number) => `post-${postId}`;
export const OPENING_ANCHOR = 'opening-post';

/** At most this much of the quoted text is copied (the reader follows the link for the rest). */
const QUOTE_MAX_CHARS = 1_000;

/** What a quote is made of: the author's first name, the post's Markdown, where it is (postId null: the opening post). */
export interface QuoteSource {
  firstName: string | null;
  source: string;
  threadId: number;
  postId: number | null;
}

/**
 * The quote of `source` by `firstName`: a first line naming her with a link, then the text
 * quoted line by line. Quotes inside the source are left out (a quote of a quote reads badly and
 * would tell the inner author again), and so are blank lines at its ends.
 */
export function quoteOf({ firstName, source, threadId, postId }: QuoteSource, origin: string): string {
  const anchor = postId === null ? OPENING_ANCHOR : postAnchor(postId);
  const lines = source
    .split('\n')
    .filter((l) => !/^ {0,3}>/.test(l))
    .join('\n')
    .trim();
  const text = lines.length > QUOTE_MAX_CHARS ? `${lines.slice(0, QUOTE_MAX_CHARS).trimEnd()}…` : lines;
  const who = (firstName ?? 'Someone').replace(/[*_[\]`\\]/g, '');
  const head = `> **${who}** [wrote](${origin}/forum/threads/${threadId}#${anchor}):`;
  const body = text.split('\n').map((l) => (l.trim() ? `> ${l}` : '>'));
  return `${[head, ...body].join('\n')}\n\n`;
}

/** The reply form's text with a quote added: after what is already written, on its own paragraph. */
export function withQuote(current: string, quote: string): string {
  const before = current.trimEnd();
  return before ? `${before}\n\n${quote}` : quote;
}
