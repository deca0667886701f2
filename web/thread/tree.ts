// Replies of a thread as a tree. The API answers `replies` nested (each with its own `replies`);
// a flat list with parentPostId is accepted too, so both shapes render the same.
export interface Reply {
  id: number;
  parentPostId: number | null;
  content: string;
  isApproved?: boolean;
  status?: string;
  createdAt: string;
  user?: { firstName: string | null } | null;
  replies?: Reply[];
}

export function flatten(list: Reply[]): Reply[] {
  return list.flatMap((r) => [r, ...flatten(r.replies ?? [])]);
}

export function buildTree(list: Reply[]): Reply[] {
  const flat = flatten(list);
  const nodes = new Map(flat.map((r) => [r.id, { ...r, replies: [] as Reply[] }]));
  const roots: Reply[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentPostId != null ? nodes.get(node.parentPostId) : undefined;
    (parent ? parent.replies! : roots).push(node);
  }
  return roots;
}
