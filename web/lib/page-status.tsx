// A screen that shows "not found" tells the server renderer so (web/entry-server.tsx), which then
// answers the page with 404 (decision 1303): the status follows what the page shows, whether
// the address cannot name a record (/jobs/abc) or the API has none. The browser provides no
// listener, so there it renders nothing and does nothing.
import { createContext, useContext } from 'react';

/** The server renderer's listener for the page's status; null in the browser. */
export const PageStatusContext = createContext<((status: 404) => void) | null>(null);

/** Rendered inside a screen's "not found" state. */
export function NotFoundStatus() {
  useContext(PageStatusContext)?.(404);
  return null;
}
