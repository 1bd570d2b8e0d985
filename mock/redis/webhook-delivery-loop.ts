// The replica's side of the shared delivery queue: claims a due subscriber queue (webhook-scripts.ts), attempts
// its head delivery, records the outcome under the same token, and claims again while attempts are free. Nothing
// polls: it sleeps until the next due time it read, or until it is kicked (another replica published that it
// queued something, or Redis is ready again).
import { attemptDelivery, backoffDelay } from '../events/deliver';
import { type Delivery, type DispatcherSettings, deliveryHeaders } from '../events/webhook-dispatcher';
import type { RedisLink } from './redis-link';
import { CLAIM_ARGS, CLAIM_SCRIPT, FINISH_ARGS, FINISH_SCRIPT } from './webhook-scripts';

/** Attempts under way at once in one replica. */
const MAX_IN_FLIGHT = 16;

interface Claimed {
  readonly subscriptionId: string;
  readonly deliveryId: string;
  readonly token: string;
  readonly entry: Delivery;
  readonly signed: string;
  readonly session: string;
}

export class DeliveryLoop {
  readonly #link: RedisLink;
  readonly #settings: DispatcherSettings;
  readonly #log: (line: string) => void;
  readonly #claim: ReturnType<RedisLink['script']>;
  readonly #finish: ReturnType<RedisLink['script']>;
  /** Past the attempt's time-out with room for a busy event loop: a live replica records its outcome in time. */
  readonly leaseMs: number;
  readonly due: string;
  readonly #inFlight = new Set<Promise<void>>();
  /** Per session, what aborts its attempts under way (a reset, the mock stopping). */
  readonly #controllers = new Map<string, AbortController>();
  #closed = false;
  #running = false;
  #again = false;
  #timer: NodeJS.Timeout | undefined;

  constructor(link: RedisLink, settings: DispatcherSettings, log: (line: string) => void) {
    this.#link = link;
    this.#settings = settings;
    this.#log = log;
    this.#claim = link.script(CLAIM_SCRIPT);
    this.#finish = link.script(FINISH_SCRIPT);
    this.leaseMs = settings.timeoutMs + 5000;
    this.due = link.key('wh', 'due');
  }

  /** Claims what is due now (again once the claiming under way ends). */
  kick(): void {
    if (this.#closed) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = true;
    this.#again = false;
    void this.#loop().finally(() => {
      this.#running = false;
      if (this.#again) this.kick();
    });
  }

  /** Aborts the session's attempts under way. */
  abort(session: string, reason: Error): void {
    this.#controllers.get(session)?.abort(reason);
    this.#controllers.delete(session);
  }

  async drain(): Promise<void> {
    while (this.#inFlight.size > 0) await Promise.allSettled([...this.#inFlight]);
  }

  /** Stops claiming, aborts every attempt and waits for them. */
  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    for (const found of this.#controllers.values()) found.abort(new Error('mock stopped'));
    await this.drain();
  }

  get closed(): boolean {
    return this.#closed;
  }

  #controller(session: string): AbortController {
    let found = this.#controllers.get(session);
    if (!found) {
      found = new AbortController();
      this.#controllers.set(session, found);
    }
    return found;
  }

  #sleepUntil(at: number): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.kick(), Math.max(0, at - Date.now()));
    this.#timer.unref();
  }

  async #attempt(claimed: Claimed): Promise<void> {
    const { entry } = claimed;
    const settings = this.#settings;
    const outcome = await attemptDelivery(
      {
        fetch: settings.fetch,
        url: entry.target,
        token: claimed.signed,
        headers: deliveryHeaders(entry.id, claimed.session),
        timeoutMs: settings.timeoutMs,
        signal: this.#controller(claimed.session).signal,
      },
      entry.attempts,
    );
    const now = Date.now();
    const args = FINISH_ARGS.argv({
      prefix: this.#link.prefix,
      subscription: claimed.subscriptionId,
      delivery: claimed.deliveryId,
      token: claimed.token,
      outcome: outcome.delivered ? 'delivered' : entry.attempts >= settings.maxAttempts ? 'failed' : 'retry',
      nextDue: now + backoffDelay(settings.backoffMs, entry.attempts),
      status: outcome.responseStatus ?? '',
      lastError: outcome.lastError ?? '',
      now,
    });
    // The outcome is recorded until Redis takes it or the lease runs out (then another replica retries).
    for (let tries = 0; tries * 250 < this.leaseMs; tries += 1) {
      try {
        await this.#finish([this.due], args);
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    this.#log(`webhook delivery ${entry.id}: outcome not recorded (Redis unavailable); another attempt will follow`);
  }

  async #loop(): Promise<void> {
    try {
      while (!this.#closed && this.#inFlight.size < MAX_IN_FLIGHT) {
        const args = CLAIM_ARGS.argv({ now: Date.now(), leaseMs: this.leaseMs, prefix: this.#link.prefix });
        const reply = (await this.#claim([this.due, this.#link.key('fence')], args)) as string[];
        if (reply[0] === 'idle') return;
        if (reply[0] === 'wait') return this.#sleepUntil(Number(reply[1]));
        const [, subscriptionId = '', deliveryId = '', token = '', entry = '{}', signed = '', session = ''] = reply;
        const claimed: Claimed = { subscriptionId, deliveryId, token, entry: JSON.parse(entry) as Delivery, signed, session };
        const work = this.#attempt(claimed).finally(() => {
          this.#inFlight.delete(work);
          this.kick();
        });
        this.#inFlight.add(work);
      }
    } catch {
      // Redis is away: look again in a second (and as soon as it is ready again).
      if (!this.#closed) this.#sleepUntil(Date.now() + 1000);
    }
  }
}
