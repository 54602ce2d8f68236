import type { KeyObject } from 'node:crypto';
import https from 'node:https';
import {
  createRemoteJWKSet,
  decodeProtectedHeader,
  type JWTHeaderParameters,
  type JWTVerifyGetKey,
} from 'jose';

/** What the portal reads of a provider's OpenID metadata document. */
interface MetadataDocument {
  readonly issuer: string;
  readonly jwks_uri: string;
}

const TIMEOUT_MS = 10_000;

/** GET of a JSON document over https with Node's global agent (as passport-azure-ad fetches Entra's). */
function getJson(url: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const request = https.get(url, { timeout: TIMEOUT_MS }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        if (response.statusCode !== 200) return reject(new Error(`${url} answered ${response.statusCode}`));
        try {
          resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error(`${url} did not answer within ${TIMEOUT_MS} ms`)));
    request.on('error', reject);
  });
}

function isDocument(value: unknown): value is MetadataDocument {
  const doc = value as Partial<MetadataDocument> | null;
  return (
    typeof doc?.issuer === 'string' &&
    doc.issuer !== '' &&
    typeof doc.jwks_uri === 'string' &&
    doc.jwks_uri.startsWith('https://')
  );
}

/**
 * An OpenID Connect provider's metadata (`{authority}/.well-known/openid-configuration`): its
 * issuer and its signing keys (jose's remote key set: cached, fetched again for an unknown `kid`,
 * so the provider may rotate its keys). Read on first use, not at start, so a provider that is
 * down does not stop the portal; a failed read is tried again on the next token.
 */
export class OpenIdMetadata {
  private loading: Promise<{ readonly issuer: string; readonly keys: JWTVerifyGetKey }> | null = null;

  constructor(private readonly metadataUrl: string) {}

  private load() {
    this.loading ??= getJson(this.metadataUrl).then(
      (doc) => {
        if (!isDocument(doc)) throw new Error(`${this.metadataUrl} names no issuer or no https jwks_uri`);
        return { issuer: doc.issuer, keys: createRemoteJWKSet(new URL(doc.jwks_uri)) };
      },
      (error: unknown) => {
        this.loading = null;
        throw error;
      },
    );
    return this.loading;
  }

  /** The issuer every token of the provider names. */
  async issuer(): Promise<string> {
    return (await this.load()).issuer;
  }

  /** The published key that signed `token` (by its header's `kid` and `alg`), as PEM. */
  async keyFor(token: string): Promise<string> {
    const { keys } = await this.load();
    const [header, payload, signature] = token.split('.');
    const protectedHeader = decodeProtectedHeader(token) as JWTHeaderParameters;
    const key = (await keys(protectedHeader, { protected: header, payload, signature })) as KeyObject;
    return key.export({ type: 'spki', format: 'pem' }).toString();
  }
}
