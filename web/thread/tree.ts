// Replies of a thread as a tree. The API answers `replies` nested (each with its own `replies`);
// a flat list with parentPostId is accepted too, so both shapes render the same. Generic over the
// reply type: the thread page passes the API's own reply type (web/thread/ThreadPage.tsx).

/** What the tree needs of a reply: its id, its parent's id and, when nested, its own replies. */
export interface TreeNode<T> {
  id: number;
  parentPostId: number | null;
  replies?: T[];
}

export function flatten<T extends TreeNode<T>>(list: T[]): T[] {
  return list.flatMap((r) => [r, ...flatten(r.replies ?? [])]);
}

export function buildTree<T extends TreeNode<T>>(list: T[]): (T & { replies: T[] })[] {
  const flat = flatten(list);
  const nodes = new Map(flat.map((r) => [r.id, { ...r, replies: [] as T[] }]));
  const roots: (T & { replies: T[] })[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentPostId != null ? nodes.get(node.parentPostId) : undefined;
    (parent ? parent.replies : roots).push(node);
  }
  return roots;
}
