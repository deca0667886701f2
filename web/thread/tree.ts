// Replies of a thread as a tree. The API answers one flat list, oldest first, each reply with
// its parentPostId; this nests it once. Generic over the reply type: the thread page passes the
// API's own reply type (web/thread/ThreadPage.tsx).

/** What the tree needs of a reply: its id and its parent's id (null: a reply to the thread). */
interface FlatReply {
  id: number;
  parentPostId: number | null;
}

export type ReplyNode<T> = T & { replies: ReplyNode<T>[] };

/**
 * Nests a flat list by parentPostId, keeping the list's order at every level. A reply whose
 * parent is not in the list (not visible to this reader) is shown at the top level.
 */
export function buildTree<T extends FlatReply>(list: readonly T[]): ReplyNode<T>[] {
  const nodes = new Map(list.map((r) => [r.id, { ...r, replies: [] as ReplyNode<T>[] }]));
  const roots: ReplyNode<T>[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentPostId != null ? nodes.get(node.parentPostId) : undefined;
    (parent ? parent.replies : roots).push(node);
  }
  return roots;
}
