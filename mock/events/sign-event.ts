// The platform's delivery of one event, built and signed as the platform does: an RS256 JWT whose `data` claim is
// the event message as JSON, the message's `identity` and `data` being JSON strings again (spec: webhooks).
import { type CryptoKey, SignJWT } from 'jose';
import { EVENT_ALGORITHM, type EventAccountInfo, type EventIdentity, type EventPayloads, type EventType } from '../../src/events';

/** One event to deliver: its type, the app instance it goes to, who caused it and the domain event. */
export type EventToSign = {
  [T in EventType]: {
    readonly eventType: T;
    readonly instanceId: string;
    readonly identity: EventIdentity;
    /** The domain event (`domainEvent()` builds one). */
    readonly payload: EventPayloads[T];
    readonly accountInfo?: EventAccountInfo;
  };
}[EventType];

export interface SignEventOptions {
  /** `iss`; the platform signs as `wix.com`. */
  readonly issuer?: string;
  /** `aud`, the app the event is delivered to; left out by default. */
  readonly audience?: string;
  /** `iat` in seconds since the epoch; default now. */
  readonly issuedAt?: number;
  /** `exp` = `iat` + this; default one hour; `null` leaves `exp` out (the spec's example tokens). */
  readonly expiresInSeconds?: number | null;
  readonly keyId?: string;
}

export const DEFAULT_ISSUER = 'wix.com';
export const DEFAULT_EXPIRES_IN_SECONDS = 3600;

/** The event message of the `data` claim, with `identity` and `data` serialized as the platform serializes them. */
export const eventMessage = (event: EventToSign) => ({
  eventType: event.eventType,
  instanceId: event.instanceId,
  identity: JSON.stringify(event.identity),
  data: JSON.stringify(event.payload),
  ...(event.accountInfo && { accountInfo: event.accountInfo }),
});

/** The signed delivery: what is POSTed, as text, to a subscriber. */
export const signEvent = (event: EventToSign, privateKey: CryptoKey, options: SignEventOptions = {}): Promise<string> => {
  const issuedAt = options.issuedAt ?? Math.floor(Date.now() / 1000);
  const expiresIn = options.expiresInSeconds === undefined ? DEFAULT_EXPIRES_IN_SECONDS : options.expiresInSeconds;
  let jwt = new SignJWT({ data: JSON.stringify(eventMessage(event)) })
    .setProtectedHeader({ alg: EVENT_ALGORITHM, typ: 'JWT', ...(options.keyId !== undefined && { kid: options.keyId }) })
    .setIssuedAt(issuedAt)
    .setIssuer(options.issuer ?? DEFAULT_ISSUER);
  if (options.audience !== undefined) jwt = jwt.setAudience(options.audience);
  if (expiresIn !== null) jwt = jwt.setExpirationTime(issuedAt + expiresIn);
  return jwt.sign(privateKey);
};
