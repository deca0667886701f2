// Pages a test has the server render once before a browser asks for them. A fresh server's first
// render of a screen can take seconds on a busy box (its modules load on first use), and the
// service worker answers a navigation that takes over 3 s with the precached shell (by design,
// for a slow network): rendered once outside the browser, the browser's navigation is the server's.

/** Fetches each path in turn and reads its whole body; answers each one's HTTP status. */
export async function renderOnce(serverUrl: string, paths: readonly string[]): Promise<number[]> {
  const statuses: number[] = [];
  for (const path of paths) {
    const res = await fetch(serverUrl + path);
    await res.text();
    statuses.push(res.status);
  }
  return statuses;
}
