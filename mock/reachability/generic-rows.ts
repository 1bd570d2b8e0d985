// How the codes every operation shares are reached: a request built from the operation's own example, changed
// the one way that earns the refusal (a token the mock did not issue, the wrong role, an unknown id, a body that
// is not JSON or not JSON at all), or, for the platform's own faults and outages, forced.

import { documentOf, type Operation, type Parameter } from '../../spec-model/document';
import { exampleRequest } from '../../spec-model/examples';
import type { Json, JsonObject } from '../../spec-model/json';
import { resolveSchema } from '../../spec-model/schemas';
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
export const exampleCall = (
  operation: Operation,
  as: Caller = callerOf(operation.operationId),
  pathValue?: string,
  pathValues: Readonly<Record<string, string>> = {},
): Call => {
  const example = exampleRequest(operation);
  const path = operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) =>
    encodeURIComponent(pathValues[name] ?? pathValue ?? example.path[name] ?? ''),
  );
  return {
    as,
    method: operation.method.toUpperCase() as Call['method'],
    path: `${path}${queryText(example.query as Record<string, Json>)}`,
    ...(example.body !== undefined && { body: example.body }),
  };
};

/** A value that breaks a parameter's schema, and the rule it breaks; undefined for a schema no text value breaks. */
const breakingValue = (schema: JsonObject): { value: string; rule: string } | undefined => {
  if (schema.format === 'uuid') return { value: 'not-a-uuid', rule: 'not a UUID' };
  if (schema.contentEncoding === 'base64url') return { value: '!not-base64url!', rule: 'not base64url-encoded JSON' };
  if (Array.isArray(schema.enum)) return { value: 'NOT_A_VALUE', rule: 'a value its enumeration does not list' };
  if (schema.type === 'boolean') return { value: 'maybe', rule: 'not a boolean' };
  if ((schema.type === 'integer' || schema.type === 'number') && typeof schema.maximum === 'number')
    return { value: String(schema.maximum + 1), rule: `past its maximum of ${schema.maximum}` };
  if ((schema.type === 'integer' || schema.type === 'number') && typeof schema.minimum === 'number')
    return { value: String(schema.minimum - 1), rule: `below its minimum of ${schema.minimum}` };
  if (schema.format === 'uri') return { value: 'not a uri', rule: 'not a URI' };
  if (typeof schema.maxLength === 'number')
    return { value: 'x'.repeat(schema.maxLength + 1), rule: `longer than its ${schema.maxLength} characters` };
  if (typeof schema.minLength === 'number' && schema.minLength > 1)
    return { value: 'x', rule: `shorter than its ${schema.minLength} characters` };
  return undefined;
};

/**
 * The operation's example request with one path or query parameter (path ones first) set to a value its schema
 * refuses, for an operation that takes no JSON body; undefined when no parameter has a rule a value can break.
 */
const brokenParameterCall = (operation: Operation): { call: Call; data: string } | undefined => {
  const document = documentOf(operation);
  const located = (where: Parameter['in']) => operation.parameters.filter((parameter) => parameter.in === where);
  for (const parameter of [...located('path'), ...located('query')]) {
    const schema = document && resolveSchema(document as Json, parameter.schema);
    const broken = schema && breakingValue(schema);
    if (!broken) continue;
    const example = exampleCall(operation);
    const call =
      parameter.in === 'path'
        ? exampleCall(operation, example.as, undefined, { [parameter.name]: broken.value })
        : { ...example, path: withQuery(example.path, parameter.name, broken.value) };
    return { call, data: `the example request with ${parameter.in} parameter ${parameter.name} ${broken.rule}` };
  }
  return undefined;
};

const withQuery = (path: string, name: string, value: string): string => {
  const [base, query = ''] = path.split('?');
  const search = new URLSearchParams(query);
  search.set(name, value);
  return `${base}?${search}`;
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
  if (status === 400 && code === 'INVALID_ARGUMENT' && !takesJson(operation)) {
    const broken = brokenParameterCall(operation);
    if (broken) return { request: broken.call, data: broken.data };
    return {
      force: true,
      reason: 'takes no parameter and no body, so nothing a storefront sends breaks its schema; the platform refuses it from its own state',
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
