import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet, { type HelmetOptions } from 'helmet';

/** The page the Entra sign-in popup returns to (web/auth-redirect.html, MSAL's redirect bridge). */
export const AUTH_REDIRECT_PAGE = '/auth-redirect.html';

/**
 * The nonce of this answer's CSP, for the `<style>` elements React Aria adds at run time (it reads
 * the nonce from `<meta property="csp-nonce">`, which serve-web.ts writes into the page).
 */
export function cspNonceOf(res: ServerResponse): string {
  return (res as Response).locals.cspNonce as string;
}

/** A year, the usual HSTS lifetime. */
const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * The Content-Security-Policy of every answer (pages and API). The built web app has no inline
 * script or style (vite emits files; React sets styles through the DOM, which CSP allows), so
 * everything comes from the portal's own origin. Exceptions:
 * - `<style>` elements React Aria adds (press and scroll behaviour) carry the answer's nonce;
 * - images may be `data:` and `blob:` URLs (the camera photo of a receipt is shown from a blob);
 * - frames may show `blob:` URLs: the verify page shows a receipt PDF the page fetched itself
 *   (with the bearer token) in a frame; a blob URL is always the page's own origin's;
 * - the service worker and the web manifest of the installable app (web/build/pwa.ts) are the
 *   portal's own files, named outright (`worker-src`, `manifest-src`) rather than left to fall back;
 * - with Entra ID configured (`signInOrigin`, https://login.microsoftonline.com), MSAL fetches
 *   tokens from it and renews them in a hidden frame of it (the sign-in itself is a popup window,
 *   which CSP does not govern);
 * - with a Power BI workspace configured (`reportOrigin`, https://app.powerbi.com), Download
 *   Timesheet shows the report in a frame of it (powerbi-client talks to it by postMessage).
 * Without them no other origin is allowed.
 */
export function contentSecurityPolicy(
  signInOrigin: string | null,
  reportOrigin: string | null = null,
): Record<string, (string | ((req: unknown, res: ServerResponse) => string))[]> {
  const signIn = signInOrigin ? [signInOrigin] : [];
  const frames = [...signIn, ...(reportOrigin ? [reportOrigin] : [])];
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", (_req, res) => `'nonce-${cspNonceOf(res)}'`],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...signIn],
    'frame-src': [...frames, 'blob:'],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/** The origins beyond the portal's own that the page may use (null: not configured). */
export interface ThirdPartyOrigins {
  readonly signIn: string | null;
  readonly report: string | null;
}

function helmetOptions(
  origins: ThirdPartyOrigins,
  opener: 'same-origin-allow-popups' | false,
): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy(origins.signIn, origins.report),
    },
    crossOriginOpenerPolicy: opener === false ? false : { policy: opener },
    // Sent below, and only over TLS.
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  };
}

/**
 * Security headers on every answer, with helmet: CSP (above), X-Content-Type-Options: nosniff,
 * X-Frame-Options: DENY, Referrer-Policy: no-referrer, Cross-Origin-Opener-Policy:
 * same-origin-allow-popups (MSAL opens its sign-in popup), no X-Powered-By; and
 * Strict-Transport-Security only when the request came over TLS (`req.secure`: directly, or
 * through a proxy Express trusts, see configure-app.ts). MSAL's redirect bridge page must not send
 * Cross-Origin-Opener-Policy: it would cut the popup off from the page that opened it.
 */
export function securityHeaders(origins: ThirdPartyOrigins): RequestHandler {
  const everywhere = helmet(helmetOptions(origins, 'same-origin-allow-popups'));
  const bridge = helmet(helmetOptions(origins, false));
  return (req: Request, res: Response, next: NextFunction) => {
    res.locals.cspNonce = randomBytes(16).toString('base64');
    if (req.secure) {
      res.setHeader('Strict-Transport-Security', `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`);
    }
    (req.path === AUTH_REDIRECT_PAGE ? bridge : everywhere)(req, res, next);
  };
}
