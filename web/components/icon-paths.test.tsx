import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Icon } from './Icon';
import { ICON_PATHS, iconSprite } from './icon-paths';

describe('the icon sprite', () => {
  it('has one stroked symbol per icon, with its path', () => {
    const sprite = iconSprite();
    const names = Object.keys(ICON_PATHS);
    expect(names.length).toBeGreaterThan(20);
    expect(sprite.match(/<symbol /g)).toHaveLength(names.length);
    for (const [name, d] of Object.entries(ICON_PATHS))
      expect(sprite).toContain(
        `<symbol id="i-${name}" viewBox="0 0 24 24" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="${d}"/></symbol>`,
      );
    // Hidden and out of the accessibility tree.
    expect(sprite).toMatch(/^<svg [^>]*aria-hidden="true"[^>]*style="position:absolute;width:0;height:0;overflow:hidden">/);
  });

  it('is written into the shell before #root (vite.config.ts iconSpritePlugin)', () => {
    const html = readFileSync(join(import.meta.dirname, '..', 'index.html'), 'utf8');
    expect(html.indexOf('<!--icon-sprite-->')).toBeGreaterThan(html.indexOf('<body>'));
    expect(html.indexOf('<!--icon-sprite-->')).toBeLessThan(html.indexOf('<div id="root">'));
  });

  it('an icon is a use of its symbol: decorative ones hidden, labelled ones an image, filled ones filled', () => {
    expect(renderToString(<Icon name="heart" />)).toBe(
      '<svg class="size-5" fill="none" aria-hidden="true"><use href="#i-heart"></use></svg>',
    );
    expect(renderToString(<Icon name="star" filled className="size-3" />)).toBe(
      '<svg class="size-3" fill="currentColor" aria-hidden="true"><use href="#i-star"></use></svg>',
    );
    expect(renderToString(<Icon name="bell" label="Alerts" />)).toBe(
      '<svg class="size-5" fill="none" role="img" aria-label="Alerts"><use href="#i-bell"></use></svg>',
    );
  });
});
