import { VitePWA } from 'vite-plugin-pwa';

/**
 * The installable app (issue 26, docs/decisions/0284-installable-pwa-service-worker.md): the web
 * manifest and a Workbox service worker made by vite-plugin-pwa (generateSW).
 *
 * - Precached: the built shell (index.html, every script and style chunk, the icons), so any page
 *   opens without a connection after one visit. Source maps and the help screenshots are not.
 * - Pages: a navigation always goes to the server first (each answer carries a fresh CSP nonce);
 *   only when no answer comes is the precached index.html served.
 * - Nothing under /api (nor the operator routes) is ever cached or answered by the worker: those
 *   requests are not routed, so they go to the network as if there were no worker.
 * - registerType 'prompt': a new version waits until the person reloads (the shell offers it), so
 *   a half-filled form is never reloaded away from under them.
 */
export function portalPwa() {
  return VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    strategies: 'generateSW',
    includeAssets: ['favicon.svg'],
    manifest: {
      id: '/',
      name: 'Smartwork Portal',
      short_name: 'Portal',
      description: 'Timesheets, expenses and leave for Smartwork Consulting and Sightstream.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#f4f6f9',
      theme_color: '#0b5cab',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      globIgnores: ['help/**', 'auth-redirect.html', '**/*.map', 'sw-network-routes.js'],
      // Pages come from the network (below); the precached page is only the fallback.
      navigateFallback: null,
      cleanupOutdatedCaches: true,
      // The first visit's page is controlled as soon as the worker is installed, so the pages it
      // opens next (their code in lazy chunks) load from the precache without a connection too.
      clientsClaim: true,
      // Static routes: /api goes to the network without waking the worker (web/public/sw-network-routes.js).
      importScripts: ['/sw-network-routes.js'],
      // The largest lazy chunks (charts, PDF) are precached too, so their pages open offline.
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      runtimeCaching: [
        {
          urlPattern: ({ request, url }) =>
            request.mode === 'navigate' &&
            !/^\/(api|health|metrics)(\/|$)/.test(url.pathname) &&
            url.pathname !== '/auth-redirect.html',
          handler: 'NetworkOnly',
          options: { precacheFallback: { fallbackURL: '/index.html' } },
        },
      ],
    },
  });
}
