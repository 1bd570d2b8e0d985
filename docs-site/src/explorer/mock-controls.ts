// The mock's control API under /__mock/ (reset, scenarios, events; contract in the README's QA section). These
// are not operations of the API, so they have no operation functions: plain fetch calls. A mock that answers
// 404 has no such control (the static mode): callers show that as a notice, not as a failure.
import type { ConnectionFault } from '../../../src/protocol';

export type ControlAnswer<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly unavailable: boolean; readonly message: string };

/** Why the mock's controls cannot be used: it has none (404, the static mode) or it cannot be reached at all. */
export interface ControlsNotice {
  readonly unavailable: boolean;
  readonly message: string;
}

export const STATEFUL_HINT = 'scenario controls, reset and the events feed need the stateful mock (MOCK_MODE=stateful)';

const control = async <T>(mockUrl: string, method: string, path: string, body?: object): Promise<ControlAnswer<T>> => {
  const name = `${method} ${path.split('?')[0]}`;
  let response: Response;
  try {
    response = await fetch(`${mockUrl}${path}`, {
      method,
      ...(body && { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
  } catch {
    return {
      ok: false,
      unavailable: false,
      message: `The mock at ${mockUrl} cannot be reached (${name}): is it running? npm start serves it.`,
    };
  }
  const text = await response.text();
  if (response.status === 404) {
    return {
      ok: false,
      unavailable: true,
      message: `This mock has no ${name} control (404): it answers with the spec's examples; ${STATEFUL_HINT}.`,
    };
  }
  let value: unknown;
  try {
    value = text ? JSON.parse(text) : {};
  } catch {
    return { ok: false, unavailable: false, message: `${name} answered ${response.status} with a body that is not JSON` };
  }
  if (!response.ok) {
    const message = (value as { message?: string }).message ?? response.statusText;
    return { ok: false, unavailable: false, message: `${name} answered ${response.status}: ${message}` };
  }
  return { ok: true, value: value as T };
};

export interface MockHealth {
  readonly mode: string;
  readonly families: readonly string[];
  readonly sessions: readonly string[];
}

export interface MockEvent {
  readonly id: string;
  readonly eventType: string;
  readonly entityFqdn?: string;
  readonly entityId?: string;
  readonly eventTime?: string;
  readonly operationId?: string;
  readonly requestId?: string;
  readonly identity?: { readonly identityType: string };
  readonly payload?: unknown;
}

/** One event to one webhook subscriber (GET /__mock/webhooks/deliveries). */
export interface MockDelivery {
  readonly id: string;
  readonly eventId: string;
  readonly target: string;
  readonly status: 'pending' | 'delivered' | 'failed';
  readonly attempts: number;
  readonly lastError?: string;
}

/** A forced failure as PUT /__mock/scenarios/{operationId} takes it: an answer with a status, or a connection fault. */
export type ForcedFailureRequest = (
  | { readonly status: number; readonly code?: string; readonly retryAfterSeconds?: number; readonly description?: string }
  | { readonly fault: ConnectionFault }
) & { readonly times?: number };

export interface ScenarioRequest {
  readonly latencyMs?: number;
  readonly failure?: ForcedFailureRequest;
}

const query = (params: Record<string, string | number>): string =>
  `?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`;

export const mockControls = (mockUrl: string) => ({
  health: () => control<MockHealth>(mockUrl, 'GET', '/__mock/health'),
  reset: (session: string) => control<{ reset: string[] }>(mockUrl, 'POST', '/__mock/reset', { session }),
  setScenario: (session: string, operationId: string, scenario: ScenarioRequest) =>
    control<{ scenario: unknown }>(mockUrl, 'PUT', `/__mock/scenarios/${encodeURIComponent(operationId)}`, { session, ...scenario }),
  clearScenarios: (session: string) => control<{ cleared: number }>(mockUrl, 'DELETE', `/__mock/scenarios${query({ session })}`),
  events: (session: string, limit = 20) => control<{ events: MockEvent[] }>(mockUrl, 'GET', `/__mock/events${query({ session, limit })}`),
  deliveries: (session: string) =>
    control<{ deliveries: MockDelivery[] }>(mockUrl, 'GET', `/__mock/webhooks/deliveries${query({ session })}`),
});

export type MockControls = ReturnType<typeof mockControls>;
