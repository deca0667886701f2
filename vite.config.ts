import { join } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { iconSprite } from './web/components/icon-paths';

export const THEME_COLOR = '#1e3a8a';

/**
 * react-router's build is one large module whose top level wraps components in calls the bundler
 * cannot prove pure (`React.forwardRef(...)`, `React.memo(...)`) and sets `displayName` on them,
 * so every such component stays in the bundle whether the app uses it or not (`<Form>` with the
 * data router's submit code, `<ScrollRestoration>`, the framework's route-module prefetching...).
 * Marking those calls pure and dropping the devtools-only names lets tree-shaking remove what
 * the app never imports. Browser build only; the server renderer runs the package as published.
 */
export function treeShakeReactRouter(): Plugin {
  return {
    name: 'tree-shake-react-router',
    apply: 'build',
    transform: {
      filter: { id: /node_modules\/react-router\/dist\/production\/[^/]+\.mjs$/ },
      handler(code) {
        const out = code
          .replace(/^[\w$]+\.displayName = "[^"]*";$/gm, '')
          .replace(/= (React\d*\.(?:forwardRef|memo|createContext))\(/g, '= /* @__PURE__ */ $1(')
          .replace(/^(var [\w$]+ = )(new (?:URL|Set|Map)\()/gm, '$1/* @__PURE__ */ $2')
          .replace(/^(var [\w$]+ = )(Object\.getOwnPropertyNames\()/gm, '$1/* @__PURE__ */ $2');
        return out === code ? null : { code: out, map: null };
      },
    },
  };
}

/**
 * hono's typed client imports its cookie serializer for one option of a request (`cookie: {...}`),
 * which the app never passes (the browser sends its own cookies), so the whole serializer with its
 * validation is in every page's first load. In the browser build the client gets a plain one:
 * `name=value`, the value URI-encoded as hono's does when no attributes are given.
 */
export function honoClientWithoutCookieSerializer(): Plugin {
  const id = '\0hono-client-cookie';
  return {
    name: 'hono-client-without-cookie-serializer',
    apply: 'build',
    enforce: 'pre',
    resolveId: {
      filter: { id: /^\.\.\/utils\/cookie\.js$/ },
      handler(source, importer) {
        return importer && /node_modules\/hono\/dist\/client\/client\.js$/.test(importer) ? id : null;
      },
    },
    load: {
      filter: { id: /^\0hono-client-cookie$/ },
      handler: () => 'export const serialize = (name, value) => `${name}=${encodeURIComponent(value)}`;',
    },
  };
}

/**
 * The icon sprite (web/components/icon-paths.ts) written into the shell where web/index.html says
 * `<!--icon-sprite-->`: in the built index.html (the service worker's offline shell, and the frame
 * of every server-rendered page) and on the development server's page.
 */
export function iconSpritePlugin(): Plugin {
  return {
    name: 'icon-sprite',
    transformIndexHtml: (html) => {
      if (!html.includes('<!--icon-sprite-->')) throw new Error('web/index.html has no <!--icon-sprite--> for the icons');
      return html.replace('<!--icon-sprite-->', iconSprite());
    },
  };
}

export default defineConfig({
  root: 'web',
  publicDir: '../public',
  plugins: [
    react(),
    tailwindcss(),
    treeShakeReactRouter(),
    honoClientWithoutCookieSerializer(),
    iconSpritePlugin(),
    VitePWA({
      // Our own TypeScript service worker (sw/sw.ts): precache, navigation fallback, images, sync.
      strategies: 'injectManifest',
      srcDir: '../sw',
      filename: 'sw.ts',
      // Registered from code with workbox-window (web/offline/register-sw.ts), never inline.
      injectRegister: false,
      registerType: 'prompt',
      manifest: {
        id: '/',
        name: 'Teachers In London Talk',
        short_name: 'TILT',
        description:
          'Teaching jobs, school profiles, anonymous reviews and salaries, pay scales and a forum for teachers in London. Works offline.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        lang: 'en-GB',
        theme_color: THEME_COLOR,
        background_color: '#ffffff',
        categories: ['education', 'business'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,ico}'],
        rollupFormat: 'iife',
      },
    }),
  ],
  resolve: {
    // react-router's production build (its package points every condition at the development
    // one, whose warnings the minifier cannot drop): -0.4 kB gzip on every page (decision 1304).
    alias: [
      { find: /^react-router$/, replacement: join(import.meta.dirname, 'node_modules/react-router/dist/production/index.mjs') },
      { find: /^react-router\/dom$/, replacement: join(import.meta.dirname, 'node_modules/react-router/dist/production/dom-export.mjs') },
      // SWR's use-sync-external-store shim: React's own hook (web/app/use-sync-external-store.ts).
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: join(import.meta.dirname, 'web/app/use-sync-external-store.ts'),
      },
      // The app's imports of react-router-dom: the library with a leaner Link and NavLink (web/app/router.ts).
      { find: /^react-router-dom$/, replacement: join(import.meta.dirname, 'web/app/router.ts') },
    ],
  },
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    sourcemap: false,
    // dist/.vite/manifest.json: the server renderer preloads a page's screen chunk (api/ssr.ts).
    manifest: true,
    // No modulepreload polyfill, and no table of every lazy chunk's imports in the entry for Vite to
    // preload them with the chunk (1.3 kB gzip of file names; with the polyfill 1.8 kB on every first
    // load). A screen's imports are requested once its chunk is parsed instead (a round trip more on
    // a first client navigation, from the service worker's precache once it is installed); the
    // server's pages preload their screen's chunks themselves (api/ssr.ts, /boot.js). The built
    // index.html keeps its modulepreload link (the runtime chunk), which the server hands to
    // /boot.js; browsers without modulepreload (Safari before 17) fetch it when the entry imports it.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    rolldownOptions: {
      output: {
        // Everything the entry imports statically in one chunk with it: the first load was
        // eleven files (react-router, SWR, the typed client, five small shared modules each
        // its own chunk), and each file is gzipped on its own (-4 kB gzip on every page).
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
