// The app's icons, drawn once per document: a sprite of `<symbol>`s (one per icon) that the shell
// (web/index.html, through vite.config.ts's iconSprite plugin) carries before #root, so every
// document the app runs in has it: a server-rendered page (api/ssr.ts keeps the shell's body open),
// the offline shell the service worker precaches, the development server's page. An icon on a page
// is then `<svg><use href="#i-name"/></svg>` (web/components/Icon.tsx): four attributes instead of
// ten, which halved the attributes React writes for a list of 50 job cards (decision 1058).
export const ICON_PATHS = {
  menu: 'M4 6h16M4 12h16M4 18h16',
  close: 'M6 6l12 12M18 6L6 18',
  home: 'M3 11l9-8 9 8M5 10v10h5v-6h4v6h5V10',
  briefcase: 'M9 6V4h6v2M4 7h16v12H4zM4 12h16',
  school: 'M12 3l9 5-9 5-9-5 9-5zM6 10v5c0 2 3 4 6 4s6-2 6-4v-5',
  pound: 'M16 6a4 4 0 00-7 2v4H7m2 0h5M9 12v3c0 2-1 3-3 4h11',
  chart: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
  chat: 'M4 5h16v11H9l-5 4z',
  compare: 'M8 4v16M16 4v16M4 8h8M12 16h8',
  search: 'M11 4a7 7 0 100 14 7 7 0 000-14zM21 21l-5-5',
  pin: 'M12 21s7-6.5 7-12a7 7 0 10-14 0c0 5.5 7 12 7 12zM12 11a2 2 0 100-4 2 2 0 000 4z',
  star: 'M12 3l2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3 6.4 20.2l1.1-6.2L3 9.6l6.2-.9z',
  heart: 'M12 20s-7-4.4-7-10a4 4 0 017-2.6A4 4 0 0119 10c0 5.6-7 10-7 10z',
  warning: 'M12 3l10 18H2zM12 10v5M12 18v.5',
  external: 'M14 4h6v6M20 4l-9 9M18 14v6H4V6h6',
  lightbulb: 'M9 18h6M10 21h4M12 3a6 6 0 00-4 10.5V16h8v-2.5A6 6 0 0012 3z',
  user: 'M12 12a4 4 0 100-8 4 4 0 000 8zM4 21c0-4 4-6 8-6s8 2 8 6',
  calendar: 'M4 6h16v15H4zM4 10h16M8 3v4M16 3v4',
  clock: 'M12 3a9 9 0 100 18 9 9 0 000-18zM12 7v5l3 2',
  shield: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z',
  check: 'M5 12l5 5L20 7',
  bell: 'M6 16V11a6 6 0 0112 0v5l2 2H4zM10 20a2 2 0 004 0',
  share: 'M12 3v12M8 7l4-4 4 4M5 12v8h14v-8',
  edit: 'M4 20h4L19 9l-4-4L4 16zM13 7l4 4',
  trash: 'M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3',
} as const;

export type IconName = keyof typeof ICON_PATHS;

/** The id of an icon's symbol in the sprite. */
export const iconId = (name: IconName) => `i-${name}`;

/**
 * The sprite: hidden, out of the layout and of the accessibility tree. Each symbol sets the stroke
 * (a `<use>` clones the symbol, which inherits from the `<use>`, not from the sprite); the fill is
 * the using `<svg>`'s (none, or currentColor for a filled icon), which the clone inherits.
 */
export function iconSprite(): string {
  const symbols = Object.entries(ICON_PATHS)
    .map(
      ([name, d]) =>
        `<symbol id="${iconId(name as IconName)}" viewBox="0 0 24 24" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="${d}"/></symbol>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" aria-hidden="true" focusable="false" style="position:absolute;width:0;height:0;overflow:hidden">${symbols}</svg>`;
}
