// What the web app reads again after a write, derived from the route declarations (decision
// 0015): a write's route names the data it may change (policy `data`), each read's route names the
// data its answer is built from, and every answer on this device whose route names one of the
// write's is read again: the SWR keys (./keys.ts, each its route's path) and the paged lists on
// screen (./page-lists.ts). The server's answer cache forgets by the same tags (decision 1057).
import { mutate } from 'swr';
import { templateMatcher, type DataTable, type RouteDataTag } from '../../core/route-policy';
import { ROUTE_DATA } from '../../core/route-data.gen';
import { keyPath } from './keys';
import { refreshPages } from './page-lists';

const declared = (entries: readonly (readonly [string, readonly RouteDataTag[]])[]) =>
  templateMatcher(entries.map(([path, data]) => [path, { template: path.split('/'), data }] as const));

function matchers(table: DataTable) {
  return {
    read: declared(table.reads),
    // 'POST /api/salaries' is matched as '/POST/api/salaries': the method is the first segment.
    write: declared(table.writes.map(([route, data]) => [`/${route.replace(' /', '/')}`, data] as const)),
  };
}
let built: ReturnType<typeof matchers> | undefined;

/**
 * Where the two templates run alike from the start, a parameter they share names the same thing
 * (a school): the write touches a read there only when both paths give it the same value.
 */
function sameSubject(write: { template: string[]; parts: string[] }, read: { template: string[]; parts: string[] }) {
  for (let i = 0; i < Math.min(write.template.length, read.template.length) && write.template[i] === read.template[i]; i++) {
    if (write.template[i].startsWith('{') && write.parts[i] !== read.parts[i]) return false;
  }
  return true;
}

/**
 * The reads a write touches: a GET path's route names data the write's route names, and it is
 * about the same thing where both paths name it. POST /api/schools/12/reviews touches
 * /api/schools/12/reviews, /api/schools/12 and /api/me/activity, not /api/schools/13/reviews.
 */
export function touchedBy(method: string, path: string, table?: DataTable): (readPath: string) => boolean {
  const m = table ? matchers(table) : (built ??= matchers(ROUTE_DATA));
  const write = m.write(`/${method.toUpperCase()}${path.split('?')[0]}`);
  if (!write) return () => false;
  const writeAt = { template: write.template.slice(1), parts: path.split('?')[0].split('/') };
  writeAt.template[0] = '';
  return (readPath) => {
    const read = m.read(readPath.split('?')[0]);
    if (!read || !read.data.some((tag) => write.data.includes(tag))) return false;
    return sameSubject(writeAt, { template: read.template, parts: readPath.split('?')[0].split('/') });
  };
}

/** After a write the server took: every answer it touches is read again (the mounted ones now, the others when next shown). */
export function refreshAfterWrite(method: string, path: string) {
  const touched = touchedBy(method, path);
  void mutate((key) => {
    const at = keyPath(key);
    return at !== null && touched(at);
  });
  refreshPages(touched);
}
