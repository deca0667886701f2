// Markdown's worst bodies, measured (decisions 2028, 1411): bodies at the 20,000-character
// limit (and the preview's 10,000) written to make the renderer work per mark (unclosed emphasis,
// links, lists, quotes, code spans, tags, entities), each timed before and after the render budget
// in the same run, against a plain paragraph of the same length. "Before" is the renderer as it
// was (markdown-it without a budget, then sanitize-html over all of it), rebuilt here; "after" is
// api/markdown/render.ts, without its kept renders. The unit test (api/markdown/render-budget.test.ts)
// proves the bound by counting the work; how long it takes is measured here, not asserted there.
//
// Then, with `--health`: the real server, /api/health's answer times while 100 previews of
// `**a` × 3,333 run 10 at a time, from one account (the preview limit answers most with 429) and
// from 100 accounts (every one is rendered).
//
//   npm run bench:markdown [-- --health]
import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';
import { markdownInternals } from '../api/markdown/render';

const LIMIT = 20_000;
const repeat = (unit: string, length: number) => unit.repeat(Math.floor(length / unit.length));
const WORST: Record<string, string> = {
  '`**a` (preview)': repeat('**a', 10_000),
  '`**a`': repeat('**a', LIMIT),
  'unclosed emphasis `*a`': repeat('*a', LIMIT),
  'unclosed links `[a](`': repeat('[a](', LIMIT),
  'brackets `[`': repeat('[', LIMIT),
  'code spans `` `a ``': repeat('`a', LIMIT),
  backticks: repeat('`', LIMIT),
  'open tags `<`': repeat('<', LIMIT),
  'quotes `"`': repeat('"', LIMIT),
  'nested quotes `>`': repeat('>', LIMIT),
  'quote per line `> a`': repeat('> a\n\n', LIMIT),
  'list items `- a`': repeat('- a\n', LIMIT),
  'empty list items `-`': repeat('-\n', LIMIT),
  'nested lists': repeat('- a\n  - b\n', LIMIT),
  'ordered list items `1. `': repeat('1. ', LIMIT),
  'paragraphs `a`': repeat('a\n\n', LIMIT),
  'line breaks `a`': repeat('a\n', LIMIT),
};
const PLAIN = repeat('The staff room is friendly and the head listens. ', LIMIT);
const RUNS = Number(process.env.MARKDOWN_BENCH_RUNS ?? 7);

// The renderer before decision 1411, as api/markdown/render.ts had it.
const before = new MarkdownIt('default', { html: false, linkify: false, breaks: true, typographer: false, maxNesting: 20 });
before.disable(['heading', 'lheading', 'hr', 'code', 'fence', 'table', 'html_block', 'html_inline', 'image', 'strikethrough']);
before.validateLink = (url) => /^(https?:\/\/|mailto:)/i.test(url.trim());
const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'em', 'strong', 'ul', 'ol', 'li', 'a', 'blockquote', 'code'],
  allowedAttributes: { a: ['href', 'rel'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  disallowedTagsMode: 'escape',
};
const renderBefore = (body: string) => sanitizeHtml(before.render(body), ALLOWED).trim();

/** The median milliseconds of `render(body)` over RUNS runs. */
function median(render: (body: string) => string, body: string): number {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    render(body);
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)];
}

function renderTimes() {
  const after = markdownInternals.render;
  // Warm both up.
  for (const body of [PLAIN, ...Object.values(WORST)]) {
    median(renderBefore, body);
    median(after, body);
  }
  const plain = median(after, PLAIN);
  console.log(
    `plain paragraph, ${PLAIN.length} characters: ${plain.toFixed(2)} ms after, ${median(renderBefore, PLAIN).toFixed(2)} ms before (median of ${RUNS})`,
  );
  console.log('| body | chars | before ms | after ms | after × plain | block tokens | inline steps |\n|---|---|---|---|---|---|---|');
  let worst = 0;
  for (const [name, body] of Object.entries(WORST)) {
    const [b, a] = [median(renderBefore, body), median(after, body)];
    worst = Math.max(worst, a);
    const work = markdownInternals.work(body);
    console.log(
      `| ${name} | ${body.length} | ${b.toFixed(1)} | ${a.toFixed(1)} | ${(a / plain).toFixed(0)} | ${work.blockTokens} | ${work.inlineSteps} |`,
    );
  }
  console.log(`worst after: ${worst.toFixed(1)} ms`);
}

/** /api/health's answer times (ms) while 100 previews run 10 at a time, from these accounts' cookies in turn. */
async function healthUnderPreviews(url: string, cookies: string[], body: string) {
  const times: number[] = [];
  const statuses = new Map<number, number>();
  let done = false;
  const probe = (async () => {
    while (!done) {
      const start = performance.now();
      await fetch(`${url}/api/health`).then((r) => r.arrayBuffer());
      times.push(performance.now() - start);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    for (let i = next++; i < 100; i = next++) {
      const res = await fetch(`${url}/api/markdown/preview`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: cookies[i % cookies.length], origin: url },
        body: JSON.stringify({ source: body }),
      });
      await res.arrayBuffer();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: 10 }, worker));
  const elapsed = performance.now() - started;
  done = true;
  await probe;
  times.sort((a, b) => a - b);
  const pct = (p: number) => times[Math.min(times.length - 1, Math.floor(times.length * p))].toFixed(0);
  const answered = [...statuses].map(([s, n]) => `${n}× ${s}`).join(', ');
  return `previews ${answered} in ${elapsed.toFixed(0)} ms; /api/health ×${times.length}: median ${pct(0.5)} ms, p90 ${pct(0.9)} ms, max ${pct(1)} ms`;
}

async function health() {
  const { startServer } = await import('../e2e/harness');
  const { openDatabase } = await import('../db/client');
  const { signIn } = await import('../test/app');
  const server = await startServer({ SEED_DEMO: '0' });
  try {
    const db = openDatabase(server.databasePath);
    const cookies = Array.from({ length: 101 }, (_, i) => signIn(db, { id: `bench-md:${i}`, firstName: `Md${i}` }));
    db.$client.close();
    const body = WORST['`**a` (preview)'];
    const idle = await fetch(`${server.url}/api/health`).then(async (r) => (await r.arrayBuffer(), r.status));
    console.log(`\n/api/health answers ${idle}; 100 previews of \`**a\` × ${body.length / 3}, 10 at a time:`);
    console.log(`- one account: ${await healthUnderPreviews(server.url, cookies.slice(0, 1), body)}`);
    console.log(`- 100 other accounts: ${await healthUnderPreviews(server.url, cookies.slice(1), body)}`);
  } finally {
    await server.stop();
  }
}

renderTimes();
if (process.argv.includes('--health')) await health();
