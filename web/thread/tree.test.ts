import { describe, expect, it } from 'vitest';
import { buildTree } from './tree';

interface Reply {
  id: number;
  parentPostId: number | null;
  content: string;
  createdAt: string;
  replies?: Reply[];
}

const r = (id: number, parentPostId: number | null, replies?: Reply[]): Reply => ({ id, parentPostId, content: `c${id}`, createdAt: '2026-11-01T00:00:00Z', replies });

describe('reply tree', () => {
  it('nests a flat list by parentPostId', () => {
    const tree = buildTree([r(1, null), r(2, 1), r(3, 2), r(4, null)]);
    expect(tree.map((x) => x.id)).toEqual([1, 4]);
    expect(tree[0].replies![0].id).toBe(2);
    expect(tree[0].replies![0].replies![0].id).toBe(3);
  });
  it('keeps an already nested answer the same', () => {
    const tree = buildTree([r(1, null, [r(2, 1, [r(3, 2)])])]);
    expect(tree[0].replies![0].replies![0].id).toBe(3);
    expect(tree).toHaveLength(1);
  });
});
