import { describe, expect, it } from 'vitest';
import { buildTree } from './tree';

const r = (id: number, parentPostId: number | null) => ({ id, parentPostId, content: `c${id}` });

describe('reply tree', () => {
  it('nests a flat list by parentPostId, in the list order at every level', () => {
    const tree = buildTree([r(1, null), r(2, 1), r(3, 2), r(4, null), r(5, 1)]);
    expect(tree.map((x) => x.id)).toEqual([1, 4]);
    expect(tree[0].replies.map((x) => x.id)).toEqual([2, 5]);
    expect(tree[0].replies[0].replies.map((x) => x.id)).toEqual([3]);
    expect(tree[1].replies).toEqual([]);
    expect(tree[0].content).toBe('c1');
  });

  it('shows a reply whose parent is not visible at the top level', () => {
    const tree = buildTree([r(7, 99), r(8, 7)]);
    expect(tree.map((x) => x.id)).toEqual([7]);
    expect(tree[0].replies.map((x) => x.id)).toEqual([8]);
  });
});
