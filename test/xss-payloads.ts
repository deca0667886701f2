// Hostile forum bodies (issue 20's bad input): each must be refused with a clear message or stored
// and rendered inert. Every payload that could run sets window.__pwned, which the browser test
// (e2e/forum-voice.test.ts) checks stays undefined; the API test (api/forum/forum-markdown.test.ts)
// checks the HTML it renders.
export const XSS_PAYLOADS: readonly string[] = [
  '<script>window.__pwned = 1</script>',
  '<img src=x onerror="window.__pwned = 1">',
  '<svg onload="window.__pwned = 1"></svg>',
  '<iframe src="javascript:window.__pwned = 1"></iframe>',
  '[click me](javascript:window.__pwned=1)',
  '[click me](JaVaScRiPt:window.__pwned=1)',
  '[click me](  javascript:window.__pwned=1  )',
  '[click me](java&#x09;script:window.__pwned=1)',
  '[click me](data:text/html;base64,PHNjcmlwdD53aW5kb3cuX19wd25lZD0xPC9zY3JpcHQ+)',
  '[click me](vbscript:msgbox)',
  '<a href="javascript:window.__pwned=1">click me</a>',
  '<a href="https://ok.example" onclick="window.__pwned=1">click me</a>',
  '[x](https://ok.example "title" onmouseover=window.__pwned=1)',
  '![img](https://img.example/a.png)',
  '![x](x" onerror="window.__pwned=1)',
  '<div style="background:url(javascript:window.__pwned=1)">styled</div>',
  '<body onload="window.__pwned=1">',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__pwned=1">',
  '`<script>window.__pwned=1</script>`',
  '> <script>window.__pwned=1</script>',
  '**<img src=x onerror=window.__pwned=1>**',
  '<https://ok.example/" onmouseover="window.__pwned=1>',
  '[a](https://ok.example/"><script>window.__pwned=1</script>)',
  `${'>'.repeat(10_000)} ten thousand nested quotes`,
  `${'['.repeat(5_000)}x${'](https://ok.example)'.repeat(500)}`,
  `${'*'.repeat(10_000)}emphasis${'*'.repeat(9_000)}`,
];
