/** Why a delivery was refused. */
export type EventVerificationReason =
  | 'MALFORMED_TOKEN'
  | 'ALGORITHM_NOT_ALLOWED'
  | 'INVALID_SIGNATURE'
  | 'TOKEN_EXPIRED'
  | 'INVALID_CLAIM'
  | 'INVALID_KEY'
  | 'MALFORMED_EVENT'
  | 'UNKNOWN_EVENT_TYPE';

/**
 * A delivery that must not be trusted: its message says what failed and never quotes the token. The name is a
 * string literal, so it survives minifiers that rename classes.
 */
export class EventVerificationError extends Error {
  override name = 'EventVerificationError';
  readonly reason: EventVerificationReason;

  constructor(reason: EventVerificationReason, message: string) {
    super(message);
    this.reason = reason;
  }
}
