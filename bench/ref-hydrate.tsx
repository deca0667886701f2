// The hydration-only reference of bench:lighthouse (bench/lighthouse-refs.ts bundles it with
// esbuild): React 19 hydrating the markup of one of the app's pages and nothing else. The page's
// `#root` arrives as a tree (`#ref-tree`, made from the same HTML by the bench), so React builds
// the same elements, text nodes and Suspense boundaries the server rendered and attaches to them:
// what any React app pays to hydrate that markup, without the app's screens, router or data.
import { createElement, Suspense, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';

/** A text node, a Suspense boundary (`['$S', {}, ...children]`) or an element with React props. */
export type RefNode = string | [string, Record<string, unknown>, ...RefNode[]];

function build(node: RefNode): ReactNode {
  if (typeof node === 'string') return node;
  const [tag, props, ...children] = node;
  const kids = children.map(build);
  if (tag === '$S') return createElement(Suspense, null, ...kids);
  return createElement(tag, props, ...kids);
}

const source = document.getElementById('ref-tree');
const root = document.getElementById('root');
if (source && root) {
  const tree = JSON.parse(source.textContent ?? '[]') as RefNode[];
  hydrateRoot(root, tree.map(build), {
    onRecoverableError: (error) => console.error('reference hydration mismatch', error),
  });
}
