// Names every browser test that failed and then passed on its retry (vitest.config.ts gives the
// e2e project one retry; docs/decisions/1534-one-retry-for-browser-tests.md). A retry keeps a
// landing from failing on one unlucky timing, but the race is still a bug: the run prints each one
// with the error of its failed attempt, so it is seen and fixed rather than hidden.
import { stripVTControlCharacters } from 'node:util';
import type { Reporter, TestCase, TestModule } from 'vitest/node';

const DIFF_LINES = 20;

export default class FlakyReporter implements Reporter {
  private readonly flaky: { name: string; errors: string[] }[] = [];

  onTestCaseResult(test: TestCase) {
    const diagnostic = test.diagnostic();
    if (!diagnostic?.flaky) return;
    const file = test.module.moduleId;
    const errors = (test.result().errors ?? []).map((e) => {
      // Where in the test file it stopped: a test has many waits with the same message.
      const frame = e.stacks?.find((s) => s.file === file);
      const head = `${(e.message ?? '').split('\n')[0]}${frame ? ` (line ${frame.line})` : ''}`;
      // What differed, when the assertion says (a page's text before and after): the message
      // alone cuts both values short. Only the changed lines, at most DIFF_LINES of them.
      const changed = stripVTControlCharacters(e.diff ?? '')
        .split('\n')
        .filter((line) => /^[-+] /.test(line));
      return [head, ...changed.slice(0, DIFF_LINES)].join('\n          ');
    });
    this.flaky.push({ name: `${file.replace(/^.*\/e2e\//, 'e2e/')} > ${test.fullName}`, errors });
  }

  onTestRunEnd(_modules: ReadonlyArray<TestModule>) {
    if (this.flaky.length === 0) return;
    const lines = [`\n${this.flaky.length} test(s) passed only on their retry (a race to fix):`];
    for (const { name, errors } of this.flaky) {
      lines.push(`  FLAKY ${name}`);
      for (const error of errors) lines.push(`        first attempt: ${error}`);
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}
