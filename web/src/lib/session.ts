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

const ANSWER_PREFIX = 'portal.session.answer.';

/**
 * Keeps an answer for this session (gone with the token): what the app needs to open without a
 * connection, such as who is signed in.
 */
export function rememberAnswer(name: string, answer: unknown): void {
  try {
    sessionStorage.setItem(ANSWER_PREFIX + name, JSON.stringify(answer));
  } catch {
    // Storage full or refused: the app simply needs the connection to open.
  }
}

export function rememberedAnswer<T>(name: string): T | null {
  try {
    const text = sessionStorage.getItem(ANSWER_PREFIX + name);
    return text === null ? null : (JSON.parse(text) as T);
  } catch {
    return null;
  }
}

export function endSession(): void {
  sessionStorage.removeItem(TOKEN_KEY);
  for (const key of Object.keys(sessionStorage)) {
    if (key.startsWith(ANSWER_PREFIX)) sessionStorage.removeItem(key);
  }
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
