import { useSyncExternalStore } from 'react';

/**
 * The bearer token of the signed-in person, kept in sessionStorage (one browser tab = one
 * session, gone when the tab closes). Components subscribe through `useSessionToken`.
 */
const TOKEN_KEY = 'portal.session.token';

const listeners = new Set<() => void>();

function readToken(): string | null {
  try {
    return sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

let currentToken = readToken();

function notify(): void {
  for (const listener of listeners) listener();
}

export function getSessionToken(): string | null {
  return currentToken;
}

export function startSession(token: string): void {
  sessionStorage.setItem(TOKEN_KEY, token);
  currentToken = token;
  notify();
}

export function endSession(): void {
  sessionStorage.removeItem(TOKEN_KEY);
  currentToken = null;
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSessionToken(): string | null {
  return useSyncExternalStore(subscribe, getSessionToken, () => null);
}
