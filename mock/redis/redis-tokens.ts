// Minted tokens in Redis: one key per token, so a token minted by one replica is honoured by all. Bounded by
// time rather than count: each expires a week after it was minted (the mock announces 4-hour access tokens).
import type { Identity, TokenKind, TokenStore } from '../engine/identity';
import type { RedisLink } from './redis-link';

export const TOKEN_TTL_SECONDS = 7 * 24 * 3600;

export class RedisTokenStore implements TokenStore {
  readonly #link: RedisLink;

  constructor(link: RedisLink) {
    this.#link = link;
  }

  async put(kind: TokenKind, token: string, identity: Identity): Promise<void> {
    await this.#link.run((redis) => redis.set(this.#link.key('t', kind, token), JSON.stringify(identity), 'EX', TOKEN_TTL_SECONDS));
  }

  async get(kind: TokenKind, token: string): Promise<Identity | undefined> {
    const text = await this.#link.run((redis) => redis.get(this.#link.key('t', kind, token)));
    return text === null ? undefined : (JSON.parse(text) as Identity);
  }

  async take(kind: TokenKind, token: string): Promise<Identity | undefined> {
    const text = await this.#link.run((redis) => redis.getdel(this.#link.key('t', kind, token)));
    return text === null ? undefined : (JSON.parse(text) as Identity);
  }
}
