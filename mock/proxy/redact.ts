// What a recording must not keep: credentials and personal addresses. A property named like a secret (token,
// secret, password, API key) is replaced whole; a JWT-shaped string anywhere too; each e-mail address becomes
// `redacted-<n>@example.com`, the same address always the same stand-in, so records that name each other (a member
// and its login) still do. Isomorphic.

const SECRET_NAME =
  /^(?:.*(?:token|secret|password|passwd|apikey|api_key|credentials?)|authorization|cookie|code_?verifier|client_?secret|key)$/i;
const JWT = /^[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}$/;
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;

export const REDACTED = 'REDACTED';

export class Redactor {
  readonly #emails = new Map<string, string>();

  /** A copy of `value` with its secrets and e-mail addresses replaced. */
  redact(value: unknown, name = ''): unknown {
    if (typeof value === 'string') {
      if (SECRET_NAME.test(name) || JWT.test(value)) return REDACTED;
      return value.replace(EMAIL, (address) => this.#standIn(address));
    }
    if (Array.isArray(value)) return value.map((item) => this.redact(item, name));
    if (typeof value === 'object' && value !== null) {
      const copy: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value)) copy[key] = this.redact(item, key);
      return copy;
    }
    return value;
  }

  #standIn(address: string): string {
    const known = this.#emails.get(address.toLowerCase());
    if (known) return known;
    const standIn = `redacted-${this.#emails.size + 1}@example.com`;
    this.#emails.set(address.toLowerCase(), standIn);
    return standIn;
  }
}
