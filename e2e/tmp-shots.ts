import { launchBrowser, startServer, PHONE, DESKTOP, screenshot } from '/work/wt/screens/e2e/harness';
const server = await startServer();
const browser = await launchBrowser();
const pages = process.argv.slice(2);
const wid = (await (await fetch(server.url + '/api/schools?search=Westminster%20City%20School')).json())[0].id;
for (const p of pages) {
  for (const [name, size] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    const page = await browser.newPage();
    page.on('pageerror', (e) => console.log('PAGEERROR', p, e.message));
    page.on('console', (m) => m.type() === 'error' && console.log('CONSOLE', p, m.text()));
    await page.setViewportSize(size);
    await page.goto(server.url + p.replace('WID', String(wid)));
    await page.waitForTimeout(1200);
    await page.screenshot({ path: 'e2e/artifacts/v-' + p.replace(/[^a-z0-9]+/gi, '_') + '-' + name + '.png' });
    await page.close();
  }
}
await browser.close();
await server.stop();
