// The proxy's verdict on one exchange, in a response header a client can always receive: `ok`, or the count and
// the first violation, in printable ASCII and never over MAX_VERDICT_BYTES (Prism's proxy puts every violation in
// one header, which overflows the client's header limit on a large broken answer). The full list is under
// `/__mock/violations`.
import type { SidedViolation } from './violation-ledger';

export const VERDICT_HEADER = 'x-mock-contract';
export const MAX_VERDICT_BYTES = 300;

const printable = (text: string): string => text.replace(/[^\x20-\x7e]/g, '?');

const bounded = (text: string): string => {
  const safe = printable(text);
  return safe.length <= MAX_VERDICT_BYTES ? safe : `${safe.slice(0, MAX_VERDICT_BYTES - 3)}...`;
};

/** `gateway`: the proxy answered itself, so no answer was checked; the request's violations still count. */
export const verdictHeader = (violations: readonly SidedViolation[], gateway?: 'unreachable' | 'timeout'): string => {
  const [first] = violations;
  const count = `${violations.length} violation${violations.length === 1 ? '' : 's'}`;
  if (gateway) {
    const why = `not checked: the upstream ${gateway === 'timeout' ? 'timed out' : 'is unreachable'}`;
    return bounded(first ? `${why}; ${count} in the request; first: ${first.field} ${first.description}` : why);
  }
  if (!first) return 'ok';
  // A violation of the request as a whole (no credentials) is filed under the field `request`: its description is
  // a sentence of its own, not the rest of "request <field> …".
  const where = first.field === first.side ? `${first.side}:` : `${first.side} ${first.field}`;
  return bounded(`${count}; first: ${where} ${first.description}`);
};
