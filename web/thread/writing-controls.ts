// The thread page's writing controls, one chunk loaded after the first render (web/lib/later.tsx):
// the reply form, Watch, and an author's Edit and Delete and a moderator's earlier versions. None of them
// is on a server-rendered page (that page is a visitor's), so they render once the chunk arrives.
export { ReplyBox } from './ReplyBox';
export { DeleteButton, EarlierVersions, EditForm } from './PostActions';
export { WatchButton } from './WatchButton';
