/* global self, URLPattern */
/**
 * Imported by the portal's service worker (web/build/pwa.ts). Where the browser offers static
 * routes (the Service Worker Static Routing API), calls to the API and the operator routes go
 * straight to the network without waking the worker: the worker never sees, caches or answers
 * them. Elsewhere the worker's own routes leave them alone just the same.
 */
self.addEventListener('install', (event) => {
  if (typeof event.addRoutes !== 'function') return;
  const pattern = (pathname) => (typeof URLPattern === 'function' ? new URLPattern({ pathname }) : pathname);
  const network = (pathname) => ({ condition: { urlPattern: pattern(pathname) }, source: 'network' });
  event.waitUntil(
    event.addRoutes([network('/api/*'), network('/health/*'), network('/metrics')]).catch(() => undefined),
  );
});
