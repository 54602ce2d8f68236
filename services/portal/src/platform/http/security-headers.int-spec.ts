import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestApp, type TestApp } from '../../../test/app-harness';
import { InMemoryStaffDirectory, testPerson } from '../../../test/in-memory-staff-directory';

/** A built web app in miniature: the two pages and a hashed asset, as vite writes them. */
function fakeWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-web-'));
  mkdirSync(join(dir, 'assets'));
  const page = (script: string) =>
    `<!doctype html><html><head><script type="module" src="/assets/${script}"></script></head><body></body></html>`;
  writeFileSync(join(dir, 'index.html'), page('main-abc123.js'));
  writeFileSync(join(dir, 'auth-redirect.html'), page('redirect-abc123.js'));
  writeFileSync(join(dir, 'assets', 'main-abc123.js'), 'console.log(1);');
  writeFileSync(join(dir, 'assets', 'big-abc123.js'), SCRIPT);
  // A script the build compressed: its brotli form beside it (web/build/precompressed-assets.ts).
  writeFileSync(join(dir, 'assets', 'built-abc123.js'), SCRIPT);
  writeFileSync(join(dir, 'assets', 'built-abc123.js.br'), brotliCompressSync(SCRIPT));
  // The installable app's files (vite-plugin-pwa writes them beside index.html).
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(dir, 'manifest.webmanifest'), '{"name":"Portal"}');
  return dir;
}

/** A script long and repetitive enough that gzip makes it much smaller. */
const SCRIPT = Array.from({ length: 400 }, (_, i) => `export const line${i} = 'the same words again';`).join(
  '\n',
);

const people = () => new InMemoryStaffDirectory([testPerson(1, 'Ada Admin', { isAdmin: true })]);

const OWN_ORIGIN_ONLY =
  "default-src 'self';base-uri 'self';script-src 'self';script-src-attr 'none';style-src 'self' 'nonce-NONCE';" +
  "img-src 'self' data: blob:;font-src 'self';connect-src 'self';frame-src blob:;worker-src 'self';" +
  "manifest-src 'self';object-src 'none';" +
  "form-action 'self';frame-ancestors 'none'";

/** The CSP of one answer, its nonce (fresh for each answer) replaced by NONCE. */
const policyOf = (headers: Headers) =>
  (headers.get('content-security-policy') ?? '').replace(/'nonce-[A-Za-z0-9+/=]+'/, "'nonce-NONCE'");

describe('security headers on pages and API answers', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = fakeWebDist();
    t = await startTestApp({ staffDirectory: people(), webDist: dist });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const headersOf = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${t.baseUrl}${path}`, { headers });
    await res.arrayBuffer();
    return { status: res.status, headers: res.headers };
  };

  it.each([
    ['an API route', '/api/auth/config', 200],
    ['an API error', '/api/no-such-route', 404],
    ['the served page', '/', 200],
    ['a deep link of the page', '/timesheets/create', 200],
    ['a hashed asset', '/assets/main-abc123.js', 200],
  ])('%s carries them, and no X-Powered-By', async (_what, path, status) => {
    const res = await headersOf(path);
    expect(res.status).toBe(status);
    expect(policyOf(res.headers)).toBe(OWN_ORIGIN_ONLY);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
    expect(res.headers.get('x-powered-by')).toBeNull();
    // Plain http: no HSTS.
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('every API answer is no-store unless its handler says otherwise; the web app keeps its caching', async () => {
    const token = await t.signIn(1);
    const me = await headersOf('/api/me', { authorization: `Bearer ${token}` });
    expect(me.status).toBe(200);
    expect(me.headers.get('cache-control')).toBe('no-store');
    const signIn = await fetch(`${t.baseUrl}/api/auth/dev/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ staffId: 1 }),
    });
    await signIn.arrayBuffer();
    expect(signIn.headers.get('cache-control')).toBe('no-store');
    for (const path of ['/api/no-such-route', '/api/me', '/api']) {
      expect((await headersOf(path)).headers.get('cache-control')).toBe('no-store');
    }
    // A handler's own caching stands: the API document is revalidated, not forbidden to caches.
    expect((await headersOf('/api/openapi.json')).headers.get('cache-control')).toBe('no-cache');
    expect((await headersOf('/assets/main-abc123.js')).headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    );
  });

  it('sends a hashed script gzipped to a browser that takes gzip, as it is to one that does not', async () => {
    for (let request = 0; request < 2; request += 1) {
      // Undici reads the body through the encoding; the header says what went over the wire.
      const zipped = await fetch(`${t.baseUrl}/assets/big-abc123.js`, {
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(zipped.status).toBe(200);
      expect(zipped.headers.get('content-encoding')).toBe('gzip');
      expect(Number(zipped.headers.get('content-length'))).toBeLessThan(SCRIPT.length / 10);
      expect(zipped.headers.get('vary')).toBe('Accept-Encoding');
      expect(zipped.headers.get('content-type')).toMatch(/^text\/javascript|^application\/javascript/);
      expect(zipped.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await zipped.text()).toBe(SCRIPT);
    }
    const plain = await fetch(`${t.baseUrl}/assets/big-abc123.js`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(SCRIPT);
    expect((await headersOf('/assets/no-such-abc123.js')).status).toBe(404);
  });

  it('sends the brotli form the build wrote beside a script, from the first request on', async () => {
    const built = await fetch(`${t.baseUrl}/assets/built-abc123.js`, {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(built.status).toBe(200);
    expect(built.headers.get('content-encoding')).toBe('br');
    expect(Number(built.headers.get('content-length'))).toBe(brotliCompressSync(SCRIPT).length);
    expect(await built.text()).toBe(SCRIPT);
    // Without a form written beside it, the first brotli client gets gzip while brotli is made.
    const made = await fetch(`${t.baseUrl}/assets/big-abc123.js`, {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(made.headers.get('content-encoding')).toBe('gzip');
  });

  it('the page carries its answer’s nonce for the styles React Aria adds, a fresh one each time', async () => {
    const nonces = [];
    for (const path of ['/', '/index.html', '/expenses/create']) {
      const res = await fetch(`${t.baseUrl}${path}`);
      const html = await res.text();
      const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(html).toContain(`<meta property="csp-nonce" nonce="${nonce}" />`);
      expect(html).toContain('<script type="module" src="/assets/main-abc123.js">');
      nonces.push(nonce);
    }
    expect(new Set(nonces).size).toBe(3);
  });

  it('serves the service worker and the web manifest as the browser needs them: their types, revalidated', async () => {
    const worker = await headersOf('/sw.js');
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
    // Never kept a year like a hashed asset: a new deployment's worker is found on the next visit.
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    expect(policyOf(worker.headers)).toBe(OWN_ORIGIN_ONLY);
    const manifest = await headersOf('/manifest.webmanifest');
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
  });

  it('the sign-in popup’s return page sends no Cross-Origin-Opener-Policy (MSAL’s redirect bridge)', async () => {
    const res = await headersOf('/auth-redirect.html');
    expect(res.status).toBe(200);
    expect(res.headers.get('cross-origin-opener-policy')).toBeNull();
    expect(policyOf(res.headers)).toBe(OWN_ORIGIN_ONLY);
  });

  it('sends HSTS only when a trusted proxy says the request came over https', async () => {
    const overTls = await headersOf('/api/auth/config', { 'x-forwarded-proto': 'https' });
    expect(overTls.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    const page = await headersOf('/', { 'x-forwarded-proto': 'https' });
    expect(page.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    const plain = await headersOf('/api/auth/config', { 'x-forwarded-proto': 'http' });
    expect(plain.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('with Entra ID configured', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({
      staffDirectory: people(),
      devSignIn: false,
      env: { ENTRA_TENANT_ID: 'contoso-tenant', ENTRA_CLIENT_ID: 'portal-client' },
    });
  });
  afterAll(() => t?.close());

  it('lets MSAL reach login.microsoftonline.com, and nothing else', async () => {
    const res = await fetch(`${t.baseUrl}/api/auth/config`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("connect-src 'self' https://login.microsoftonline.com;");
    expect(csp).toContain('frame-src https://login.microsoftonline.com blob:;');
    expect(csp).toContain("script-src 'self';");
  });
});

describe('with Entra ID and a Power BI workspace configured', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({
      staffDirectory: people(),
      devSignIn: false,
      env: {
        ENTRA_TENANT_ID: 'contoso-tenant',
        ENTRA_CLIENT_ID: 'portal-client',
        POWERBI_TENANT_ID: 'contoso-tenant',
        POWERBI_CLIENT_ID: 'portal-app',
        POWERBI_CLIENT_SECRET: 'secret',
        POWERBI_WORKSPACE_ID: 'f089354e-8366-4e18-aea3-4cb4a3a50b48',
        POWERBI_REPORT_CLIENT_TIMESHEET: '11111111-1111-4111-8111-111111111111',
        POWERBI_REPORT_INTERNAL_TIMESHEET: '22222222-2222-4222-8222-222222222222',
        POWERBI_REPORT_OT_MONTHLY: '33333333-3333-4333-8333-333333333333',
        POWERBI_REPORT_OT_BIWEEKLY: '44444444-4444-4444-8444-444444444444',
      },
    });
  });
  afterAll(() => t?.close());

  it('frames the sign-in and the reports, and lets scripts reach only the sign-in', async () => {
    const res = await fetch(`${t.baseUrl}/api/auth/config`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain('frame-src https://login.microsoftonline.com https://app.powerbi.com blob:;');
    expect(csp).toContain("connect-src 'self' https://login.microsoftonline.com;");
  });
});
