// storefront-api/events: verify a delivery (an RS256 JWT) and read the event in it, or refuse it with a reason.
import { type CryptoKey, decodeProtectedHeader, importSPKI, type JWTPayload, jwtVerify, type KeyObject } from 'jose';
import { EVENT_CATALOG, type EventAccountInfo, type EventIdentity, type VerifiedEvent } from './event-types';
import { EventVerificationError, type EventVerificationReason } from './verification-error';

/** The only algorithm the platform signs deliveries with. */
export const EVENT_ALGORITHM = 'RS256';

/** The platform's (or the mock's) public key: PEM (`-----BEGIN PUBLIC KEY-----`) or an imported key. */
export type EventPublicKey = string | CryptoKey | KeyObject;

export interface VerifyEventOptions {
  /** Seconds of clock skew allowed on `exp` and `nbf`; default 0. */
  readonly clockToleranceSec?: number;
  /** Expected `iss`, when the receiver wants it checked (the platform signs as `wix.com`). */
  readonly issuer?: string;
  /** Expected `aud` (the app ID), when the receiver wants it checked. */
  readonly audience?: string;
  /** The time to check `exp` against; default now. */
  readonly currentDate?: Date;
}

const refuse = (reason: EventVerificationReason, message: string): never => {
  throw new EventVerificationError(reason, message);
};

const importedKeys = new Map<string, Promise<CryptoKey>>();
const MAX_IMPORTED_KEYS = 16;

/** A PEM key imported once (a receiver verifies every delivery with the same key). */
const importKey = (pem: string): Promise<CryptoKey> => {
  let key = importedKeys.get(pem);
  if (!key) {
    key = importSPKI(pem.trim(), EVENT_ALGORITHM).catch(() =>
      refuse('INVALID_KEY', 'the public key is not an RSA public key in PEM (SPKI, "-----BEGIN PUBLIC KEY-----")'),
    );
    if (importedKeys.size >= MAX_IMPORTED_KEYS) importedKeys.delete(importedKeys.keys().next().value ?? '');
    importedKeys.set(pem, key);
  }
  return key;
};

const tokenOf = (body: string | Uint8Array): string => {
  const text = (typeof body === 'string' ? body : new TextDecoder().decode(body)).trim();
  if (!/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/.test(text)) {
    refuse('MALFORMED_TOKEN', 'the body is not a compact JWT (three base64url parts separated by dots)');
  }
  return text;
};

const algorithmOf = (token: string): string => {
  try {
    const alg = decodeProtectedHeader(token).alg;
    return typeof alg === 'string' ? alg : refuse('MALFORMED_TOKEN', 'the JWT header has no "alg"');
  } catch (error) {
    if (error instanceof EventVerificationError) throw error;
    return refuse('MALFORMED_TOKEN', 'the JWT header is not base64url-encoded JSON');
  }
};

/** jose's failure, said in the receiver's terms; jose's own errors may carry the claims, so they are not kept. */
const explain = (error: unknown, alg: string): never => {
  if (error instanceof EventVerificationError) throw error;
  const { code, claim } = (error ?? {}) as { code?: string; claim?: string };
  switch (code) {
    case 'ERR_JOSE_ALG_NOT_ALLOWED':
      return refuse('ALGORITHM_NOT_ALLOWED', `the token is signed with ${JSON.stringify(alg)}; only ${EVENT_ALGORITHM} is accepted`);
    case 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED':
      return refuse('INVALID_SIGNATURE', 'the signature does not match the public key');
    case 'ERR_JWT_EXPIRED':
      return refuse('TOKEN_EXPIRED', 'the token has expired ("exp" is in the past)');
    case 'ERR_JWT_CLAIM_VALIDATION_FAILED':
      return refuse('INVALID_CLAIM', `the token's ${JSON.stringify(claim ?? 'unknown')} claim is not acceptable`);
    case 'ERR_JWS_INVALID':
    case 'ERR_JWT_INVALID':
      return refuse('MALFORMED_TOKEN', 'the token is not a well-formed JWS with a JSON claims set');
    default:
      return refuse('INVALID_KEY', `the public key cannot verify an ${EVENT_ALGORITHM} signature`);
  }
};

const parseJson = (text: unknown, field: string): Record<string, unknown> => {
  if (typeof text !== 'string') return refuse('MALFORMED_EVENT', `${field} must be a JSON string`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return refuse('MALFORMED_EVENT', `${field} is not valid JSON`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return refuse('MALFORMED_EVENT', `${field} must hold a JSON object`);
  return value as Record<string, unknown>;
};

/** The event inside verified claims: `data` -> message -> `identity` and `data` (the domain event). */
const readEvent = (claims: JWTPayload): VerifiedEvent => {
  const message = parseJson(claims.data, 'the "data" claim');
  const { eventType, instanceId } = message;
  if (typeof eventType !== 'string') return refuse('MALFORMED_EVENT', 'data.eventType must be a string');
  const entry =
    EVENT_CATALOG.get(eventType) ?? refuse('UNKNOWN_EVENT_TYPE', `unknown event type ${JSON.stringify(eventType.slice(0, 150))}`);
  if (typeof instanceId !== 'string') return refuse('MALFORMED_EVENT', 'data.instanceId must be a string');
  // The platform's SDK reads a missing identity as none; so does this receiver.
  const identity = message.identity === undefined ? { identityType: 'UNKNOWN' } : parseJson(message.identity, 'data.identity');
  const payload = parseJson(message.data, 'data.data');
  for (const field of ['entityFqdn', 'slug'] as const) {
    if (payload[field] !== entry[field])
      refuse('MALFORMED_EVENT', `data.data.${field} must be ${JSON.stringify(entry[field])} for ${eventType}`);
  }
  if (payload[entry.body] === null || typeof payload[entry.body] !== 'object') {
    refuse('MALFORMED_EVENT', `data.data.${entry.body} must be an object for ${eventType}`);
  }
  const accountInfo = message.accountInfo;
  return {
    eventType,
    instanceId,
    identity: identity as EventIdentity,
    ...(accountInfo !== null && typeof accountInfo === 'object' && { accountInfo: accountInfo as EventAccountInfo }),
    payload,
  } as unknown as VerifiedEvent;
};

/**
 * Verifies a delivery's body (the RS256 JWT the platform POSTs) with the platform's public key, or the mock's, and
 * returns the event in it, typed by `eventType`. Throws an EventVerificationError on a wrong signature, any algorithm
 * but RS256 (`none`, HS256 keyed with the public key), an expired or malformed token, or an unknown event type.
 */
export const verifyEvent = async (
  body: string | Uint8Array,
  publicKey: EventPublicKey,
  options: VerifyEventOptions = {},
): Promise<VerifiedEvent> => {
  const token = tokenOf(body);
  const alg = algorithmOf(token);
  const key = typeof publicKey === 'string' ? await importKey(publicKey) : publicKey;
  let claims: JWTPayload;
  try {
    ({ payload: claims } = await jwtVerify(token, key, {
      algorithms: [EVENT_ALGORITHM],
      ...(options.clockToleranceSec !== undefined && { clockTolerance: options.clockToleranceSec }),
      ...(options.issuer !== undefined && { issuer: options.issuer }),
      ...(options.audience !== undefined && { audience: options.audience }),
      ...(options.currentDate !== undefined && { currentDate: options.currentDate }),
    }));
  } catch (error) {
    return explain(error, alg);
  }
  return readEvent(claims);
};
