// What a reported item says, read from its content as the moderation queue sends it (a review,
// interview, mood comment, thread or reply: each has some of these fields).

/** A non-empty string field of the content, else null. */
export const textOf = (c: Record<string, unknown>, key: string): string | null => (typeof c[key] === 'string' && c[key] ? c[key] : null);

/** The paragraphs shown for a reported item, in order: title, content, pros, cons, process, comment. */
export function reportedBody(c: Record<string, unknown>): string[] {
  return [
    textOf(c, 'title'),
    textOf(c, 'content'),
    textOf(c, 'pros') && `Pros: ${textOf(c, 'pros')}`,
    textOf(c, 'cons') && `Cons: ${textOf(c, 'cons')}`,
    textOf(c, 'processDescription'),
    textOf(c, 'comment'),
  ].filter((p): p is string => !!p);
}
