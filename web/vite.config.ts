import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { chunkSizes } from './build/chunk-sizes.ts';
import { precompress } from './build/precompress.ts';
// A relative path: the config loader bundles files of the repository but not TypeScript packages.
import { SHARE_FIELDS, SHARE_TARGET_PATH } from '../packages/shared/src/share-target.ts';

const apiTarget = 'http://127.0.0.1:3000';

const appBuild = JSON.stringify(Date.now().toString(36));

/**
 * The server's build of the app (`vite build --ssr`), which draws public pages for visitors
 * (src/entry-server.tsx). Its styles and assets come from the browser's build.
 */
const serverBuild = defineConfig({
  define: { __APP_BUILD__: appBuild },
  plugins: [react()],
  publicDir: false,
  build: {
    outDir: 'dist-ssr',
    emptyOutDir: true,
    target: 'node20',
    rolldownOptions: { input: 'src/entry-server.tsx' },
  },
});

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? serverBuild : browserBuild));

const browserBuild = defineConfig({
  define: {
    __APP_BUILD__: appBuild,
  },
  plugins: [
    react(),
    chunkSizes(),
    precompress(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: '../sw/src',
      filename: 'sw.ts',
      registerType: 'prompt',
      // The page registers the worker itself (src/lib/service-worker.ts) so that it controls
      // update checks and the update prompt.
      injectRegister: false,
      manifest: {
        id: '/',
        name: 'Quorum',
        short_name: 'Quorum',
        description: 'An open-source, ad-free community forum: share posts, discuss in threads and run communities.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        lang: 'en',
        categories: ['social', 'news'],
        theme_color: '#ffffff',
        background_color: '#f4f5f7',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        // The richer install sheet shows these (made by scripts/pwa-screenshots.mjs).
        screenshots: [
          { src: '/screenshots/home-narrow.png', sizes: '780x1688', type: 'image/png', form_factor: 'narrow', label: 'The home feed on a phone' },
          { src: '/screenshots/home-wide.png', sizes: '1280x800', type: 'image/png', form_factor: 'wide', label: 'The home feed on a computer' },
        ],
        shortcuts: [
          { name: 'New post', short_name: 'Post', url: '/new', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
          { name: 'Notifications', url: '/notifications', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
        ],
        // Links, text and images shared to the installed app open New post (see sw/src/share-target.ts).
        share_target: {
          action: SHARE_TARGET_PATH,
          method: 'POST',
          enctype: 'multipart/form-data',
          params: {
            title: SHARE_FIELDS.title,
            text: SHARE_FIELDS.text,
            url: SHARE_FIELDS.url,
            files: [{ name: SHARE_FIELDS.files, accept: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] }],
          },
        },
      },
      // The manifest icons are matched by the glob patterns already, and the plugin adds the
      // web manifest itself.
      includeManifestIcons: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,woff2}'],
        // Screenshots are only for the install sheet.
        globIgnores: ['manifest.webmanifest', 'screenshots/**'],
      },
      devOptions: { enabled: false },
    }),
  ],
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/images': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/images': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Every browser the app supports preloads modules itself.
    modulePreload: { polyfill: false },
    // One stylesheet for the whole app (about 22 KB compressed): a page drawn on the server shows
    // styled after one request, and no screen opened later waits for styles of its own.
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        // Libraries change far less often than the app: a separate chunk keeps them cached
        // (and precached) across app updates.
        codeSplitting: {
          groups: [{ name: 'vendor', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack[\\/][^\\/]+)[\\/]/ }],
        },
      },
    },
  },
});
