// Markdown's worst bodies, measured (decision 2025 addendum): a forum or review body at the 20,000-character
// limit written to make a parser backtrack (nested quotes, unclosed emphasis, links, lists, code
// spans, tags), each timed against a plain paragraph of the same length in the same run. The unit
// test (api/forum/forum-markdown.test.ts) proves these bodies render inert; how long they take is
// measured here, not asserted there.
//
//   npm run bench:markdown
import { markdownText, renderMarkdown } from '../api/lib/markdown';

const LIMIT = 20_000;
const WORST: Record<string, string> = {
  'nested quotes': '>'.repeat(LIMIT),
  'unclosed emphasis': '*a'.repeat(LIMIT / 2),
  'unclosed links': '[a]('.repeat(LIMIT / 4),
  'empty list items': '- '.repeat(LIMIT / 2),
  backticks: '`'.repeat(LIMIT),
  'ordered list items': '1. '.repeat(Math.floor(LIMIT / 3)),
  'open tags': '<'.repeat(LIMIT),
};
const PLAIN = 'The staff room is friendly and the head listens. '.repeat(LIMIT / 50).slice(0, LIMIT);
const RUNS = Number(process.env.MARKDOWN_BENCH_RUNS ?? 7);

/** The median milliseconds of rendering the body and its plain text, over RUNS runs. */
function median(body: string): number {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    renderMarkdown(body);
    markdownText(body);
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)];
}

median(PLAIN); // warm the parser up
const plain = median(PLAIN);
console.log(`plain paragraph, ${PLAIN.length} characters: ${plain.toFixed(2)} ms (median of ${RUNS})`);
console.log('| body | ms | × plain |\n|---|---|---|');
for (const [name, body] of Object.entries(WORST)) {
  const ms = median(body);
  console.log(`| ${name} (${body.length} chars) | ${ms.toFixed(1)} | ${(ms / plain).toFixed(0)} |`);
}
