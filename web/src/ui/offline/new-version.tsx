import { useSyncExternalStore } from 'react';
import { Button } from '../button';

/**
 * The service worker (web/build/pwa.ts) and the new version it may bring. registerType 'prompt'
 * (docs/decisions/0284-installable-pwa-service-worker.md): a new version waits until the person
 * chooses Reload, so nothing they are typing is reloaded away.
 */
let applyUpdate: (() => Promise<void>) | null = null;
let updateReady = false;
const listeners = new Set<() => void>();

/**
 * Registers the service worker once, when the app starts (a browser without them: nothing). The
 * registration code (workbox-window) loads after the first screen, outside the initial JS.
 */
export function startServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  void import('virtual:pwa-register').then(({ registerSW }) => {
    const update = registerSW({
      immediate: true,
      onNeedRefresh() {
        updateReady = true;
        for (const listener of listeners) listener();
      },
    });
    applyUpdate = () => update(true);
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** "A new version is ready" with Reload, shown once the new service worker waits. */
export function NewVersionNotice() {
  const ready = useSyncExternalStore(
    subscribe,
    () => updateReady,
    () => false,
  );
  if (!ready) return null;
  return (
    <div className="alert outbox-strip__update" role="status">
      <span>A new version of the portal is ready.</span>
      <Button variant="secondary" onPress={() => void applyUpdate?.()}>
        Reload
      </Button>
    </div>
  );
}
