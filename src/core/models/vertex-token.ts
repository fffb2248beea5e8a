import { createPrivateKey, createSign, type KeyObject } from 'node:crypto';
import type { GoogleServiceAccountCredentials } from '../../schema';
import { LLMResponseError, ServiceInvalidArgumentError } from '../errors';
import { redact } from '../redact';

const DEFAULT_TOKEN_URI = 'https://oauth2.googleapis.com/token';
/** Refresh this long before the token's stated expiry, so a request never leaves with a token about to lapse. */
const EARLY_REFRESH_MS = 60_000;

interface CachedToken {
  readonly token: string;
  readonly expiresAt: number;
}

// One cache for the process: many sessions on one service account share one token.
const tokens = new Map<string, CachedToken>();
const pending = new Map<string, Promise<CachedToken>>();

/** Returns a function that yields a valid access token for the service account, exchanging a signed JWT only when needed. */
export function vertexTokenSource(credentials: GoogleServiceAccountCredentials, scopes: readonly string[]): () => Promise<string> {
  const tokenUri = credentials.token_uri ?? DEFAULT_TOKEN_URI;
  const cacheKey = `${credentials.client_email}\n${tokenUri}\n${scopes.join(' ')}`;
  const key = privateKey(credentials.private_key);
  return async () => {
    const cached = tokens.get(cacheKey);
    if (cached && cached.expiresAt - EARLY_REFRESH_MS > Date.now()) return cached.token;
    let exchange = pending.get(cacheKey);
    if (!exchange) {
      exchange = exchangeJwt(credentials, key, tokenUri, scopes).finally(() => pending.delete(cacheKey));
      pending.set(cacheKey, exchange);
    }
    const fresh = await exchange;
    tokens.set(cacheKey, fresh);
    return fresh.token;
  };
}

function privateKey(pem: string): KeyObject {
  try {
    return createPrivateKey(pem);
  } catch {
    throw new ServiceInvalidArgumentError('auth.credentials.private_key: expected a PEM private key ("-----BEGIN PRIVATE KEY-----…") from the service account JSON file', {
      field: 'auth.credentials.private_key',
    });
  }
}

function base64url(value: string | Buffer): string {
  return Buffer.from(value).toString('base64url');
}

async function exchangeJwt(credentials: GoogleServiceAccountCredentials, key: KeyObject, tokenUri: string, scopes: readonly string[]): Promise<CachedToken> {
  const issuedAt = Math.floor(Date.now() / 1000);
  const header = { alg: 'RS256', typ: 'JWT', ...(credentials.private_key_id ? { kid: credentials.private_key_id } : {}) };
  const claims = { iss: credentials.client_email, scope: scopes.join(' '), aud: tokenUri, iat: issuedAt, exp: issuedAt + 3600 };
  const unsigned = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(claims))}`;
  const signature = createSign('RSA-SHA256').update(unsigned).sign(key);
  const body = new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: `${unsigned}.${base64url(signature)}` });

  let response: Response;
  try {
    response = await fetch(tokenUri, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body, signal: AbortSignal.timeout(30_000) });
  } catch (error) {
    throw new LLMResponseError(`Could not reach the token endpoint ${tokenUri} for ${credentials.client_email}: ${(error as Error).message}`);
  }
  const text = await response.text();
  if (!response.ok) {
    throw new LLMResponseError(`The token endpoint ${tokenUri} refused the service account ${credentials.client_email} (HTTP ${response.status}): ${redact(text.slice(0, 300), [credentials.private_key])}`);
  }
  let parsed: { access_token?: unknown; expires_in?: unknown };
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    parsed = {};
  }
  if (typeof parsed.access_token !== 'string' || !parsed.access_token) {
    throw new LLMResponseError(`The token endpoint ${tokenUri} answered without an access_token.`);
  }
  const lifetimeSeconds = typeof parsed.expires_in === 'number' ? parsed.expires_in : 3600;
  return { token: parsed.access_token, expiresAt: Date.now() + lifetimeSeconds * 1000 };
}
