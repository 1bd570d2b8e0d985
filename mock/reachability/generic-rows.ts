// How the codes every operation shares are reached: a request built from the operation's own example, changed
// the one way that earns the refusal (a token the mock did not issue, the wrong role, an unknown id, a body that
// is not JSON or not JSON at all), or, for the platform's own faults and outages, forced.

import type { Operation } from '../../spec-model/document';
import { exampleRequest } from '../../spec-model/examples';
import type { Json } from '../../spec-model/json';
import { SERVICES } from '../services/index';
import type { Call, Caller, How } from './rows';

/** An id no fixture record has. */
export const UNKNOWN_ID = '0badc0de-0000-4000-8000-000000000404';

const OPEN_CHECKOUT = '4a3b2c1d-0e9f-4a8b-9c7d-6e5f4a3b2c1d';

/** The caller an operation's example is sent as: the default member where it needs one, else the API key. */
export const callerOf = (operationId: string): Caller => (SERVICES.operations[operationId]?.access === 'member' ? 'member' : 'merchant');

const queryText = (query: Readonly<Record<string, Json>>): string => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      search.append(name, typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
};

/** The operation's example request as a call, its path parameters optionally replaced. */
export const exampleCall = (operation: Operation, as: Caller = callerOf(operation.operationId), pathValue?: string): Call => {
  const example = exampleRequest(operation);
  const path = operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) => encodeURIComponent(pathValue ?? example.path[name] ?? ''));
  return {
    as,
    method: operation.method.toUpperCase() as Call['method'],
    path: `${path}${queryText(example.query as Record<string, Json>)}`,
    ...(example.body !== undefined && { body: example.body }),
  };
};

/** An operation whose path names its record by id (and by nothing else a wrong value would make invalid). */
const namesRecordById = (operation: Operation): boolean => {
  const path = operation.parameters.filter((parameter) => parameter.in === 'path');
  return path.length > 0 && path.every((parameter) => /id$/i.test(parameter.name));
};
const takesJson = (operation: Operation): boolean => operation.requestBody?.content?.['application/json'] !== undefined;

const NOT_FOUND_CODES = new Set(['NOT_FOUND', 'ORDER_NOT_FOUND', 'BACK_IN_STOCK_NOTIFICATION_REQUEST_NOT_FOUND']);

/** How the shared code is reached on this operation; undefined when no generic way applies. */
export const genericHow = (operation: Operation, status: number, code: string): How | undefined => {
  const { operationId } = operation;
  const access = SERVICES.operations[operationId]?.access;
  if (status === 500 && code === 'INTERNAL')
    return { force: true, reason: 'a fault inside the platform; nothing a storefront sends causes it' };
  if (status === 503 && code === 'UNAVAILABLE') return { force: true, reason: 'the platform service is down or overloaded (an outage)' };
  // The gateway answers every operation declares: the platform's edge gives them, never a storefront's data.
  if (status === 429 && code === 'TOO_MANY_REQUESTS')
    return { force: true, reason: "the platform's edge limits the caller's request rate (the answer carries Retry-After)" };
  if (status === 502 && code === 'BAD_GATEWAY')
    return { force: true, reason: "the platform's edge got no valid answer from the service behind it" };
  if (status === 504 && code === 'GATEWAY_TIMEOUT')
    return { force: true, reason: "the platform's edge gave up waiting for the service behind it" };
  if (status === 415 && code === 'UNSUPPORTED_MEDIA_TYPE' && takesJson(operation)) {
    return {
      request: { ...exampleCall(operation), body: undefined, raw: { contentType: 'text/plain', text: 'hello' } },
      data: 'the example request sent as text/plain',
    };
  }
  if (status === 401 && code === 'UNAUTHENTICATED' && access !== 'anyone') {
    return { request: exampleCall(operation, 'stranger'), data: 'the example request with a token the mock did not issue' };
  }
  if (status === 400 && code === 'INVALID_ARGUMENT' && takesJson(operation)) {
    return {
      request: { ...exampleCall(operation), body: undefined, raw: { contentType: 'application/json', text: '{"unfinished": ' } },
      data: 'the example request with a body that is not JSON',
    };
  }
  if (status === 403 && code === 'PERMISSION_DENIED' && (access === 'merchant' || access === 'member')) {
    return {
      request: exampleCall(operation, 'visitor'),
      data: `the example request from a visitor (it needs ${access === 'member' ? 'a member' : "the merchant's API key"})`,
    };
  }
  if (status === 403 && code === 'PERMISSION_DENIED' && exampleCall(operation).path.includes(OPEN_CHECKOUT)) {
    return { request: exampleCall(operation, 'visitor'), data: "the merchant's open checkout, read by a visitor" };
  }
  // Updating the current cart makes one when there is none, so its 404 has no way from data.
  if (status === 404 && code === 'OWNED_CART_NOT_FOUND' && operationId !== 'updateCurrentCart') {
    return { request: exampleCall(operation, 'visitor'), data: 'a visitor who has no cart yet' };
  }
  if (status === 404 && NOT_FOUND_CODES.has(code) && namesRecordById(operation)) {
    return {
      request: exampleCall(operation, callerOf(operationId), UNKNOWN_ID),
      data: `the example request with an id no record has (${UNKNOWN_ID})`,
    };
  }
  return undefined;
};
