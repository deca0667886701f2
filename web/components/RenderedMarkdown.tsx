// Markdown of the product's safe subset as a page shows it: the sanitised HTML the server rendered
// (api/markdown/render.ts: no raw HTML, no images, safe links only), never anything else.

const PROSE =
  'leading-relaxed [&_a]:text-primary [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-base-300 [&_blockquote]:pl-3 [&_code]:bg-base-200 [&_code]:px-1 [&_code]:rounded [&_ol]:list-decimal [&_ol]:my-2 [&_ol]:pl-6 [&_p+p]:mt-3 [&_ul]:list-disc [&_ul]:my-2 [&_ul]:pl-6';

/** HTML the server rendered and sanitised from Markdown (never anything else). */
export function RenderedMarkdown({ html, className = '' }: { html: string; className?: string }) {
  return <div className={`${PROSE} ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
