// The thread page's parts that load after the first render (web/lib/later.tsx), shared by the page
// and its replies (web/thread/Replies.tsx).
import { later } from '../lib/later';

// After the first render (web/lib/later.tsx): Report (server-rendered for a visitor: its markup is
// kept until the chunk arrives), and the writing controls only a signed-in reader sees.
export const ReportButton = later(() => import('../features/report/ReportButton').then((m) => m.ReportButton));
export const ReplyBox = later(() => import('./writing-controls').then((m) => m.ReplyBox));
export const EditForm = later(() => import('./writing-controls').then((m) => m.EditForm));
export const DeleteButton = later(() => import('./writing-controls').then((m) => m.DeleteButton));
export const EarlierVersions = later(() => import('./writing-controls').then((m) => m.EarlierVersions));
export const WatchButton = later(() => import('./writing-controls').then((m) => m.WatchButton));
