import { describe, expect, inject, it } from 'vitest';
import { type Family, jsonContent, listOperations, type Operation } from '../../spec-model/document';
import { exampleRequest, firstExample } from '../../spec-model/examples';
import type { Json, JsonObject } from '../../spec-model/json';
import { loadDocument } from '../../spec-model/load';
import { resolveSchema } from '../../spec-model/schemas';
import { createValidator } from '../../spec-model/validators';
import { merchantHeaders } from '../support/mock-credentials';

// Real-shaped requests and answers (as the platform's published wire types describe them) against the spec: each
// class of mismatch the platform comparison found (enumerations, shapes, bounds, required-ness, fields the platform does not have).
const docs = { commerce: loadDocument('commerce'), platform: loadDocument('platform') };
const answerValidators = { commerce: createValidator(docs.commerce, 'response'), platform: createValidator(docs.platform, 'response') };
const requestValidators = { commerce: createValidator(docs.commerce, 'request'), platform: createValidator(docs.platform, 'request') };
const op = (family: Family, operationId: string): Operation => {
  const found = listOperations(family, docs[family]).find((o) => o.operationId === operationId);
  if (!found) throw new Error(`no operation ${operationId}`);
  return found;
};
const clone = <T>(value: T): T => structuredClone(value);
const answerErrors = (family: Family, operationId: string, body: unknown): string[] => {
  const schema = op(family, operationId).responses['200']?.content?.['application/json']?.schema as JsonObject;
  return answerValidators[family](schema, body);
};
const requestErrors = (family: Family, operationId: string, body: unknown): string[] => {
  const schema = op(family, operationId).requestBody?.content?.['application/json']?.schema as JsonObject;
  return requestValidators[family](schema, body);
};
// The first named example of the answer (the spec reader follows those that live in components/examples).
const exampleAnswer = (family: Family, operationId: string): Record<string, Json> =>
  clone(firstExample(jsonContent(op(family, operationId).responses['200'])) as Record<string, Json>);
const exampleBody = (family: Family, operationId: string): Record<string, Json> =>
  clone(exampleRequest(op(family, operationId)).body as Record<string, Json>);

describe('enumerations: answers carrying the platform values validate', () => {
  it('an order paid through a pending merchant review', () => {
    const answer = exampleAnswer('commerce', 'getOrder') as { order: Record<string, Json> };
    for (const status of ['PENDING_MERCHANT', 'CANCELED', 'DECLINED']) {
      answer.order.paymentStatus = status;
      expect(answerErrors('commerce', 'getOrder', answer)).toEqual([]);
    }
    answer.order.paymentStatus = 'NOT_A_STATUS';
    expect(answerErrors('commerce', 'getOrder', answer)).not.toEqual([]);
  });

  it('a login answer asking for missing fields', () => {
    const answer = exampleAnswer('platform', 'loginV2') as Record<string, Json>;
    answer.state = 'REQUIRE_MISSING_FIELDS';
    expect(answerErrors('platform', 'loginV2', answer)).toEqual([]);
  });

  it('a create-checkout request on any channel the platform accepts', () => {
    const body = exampleBody('commerce', 'createCheckoutFromCurrentCart');
    body.channelType = 'PAYPAL_AGENTIC_CHECKOUT';
    expect(requestErrors('commerce', 'createCheckoutFromCurrentCart', body)).toEqual([]);
  });
});

describe('shapes and bounds as the platform sends them', () => {
  it('estimate-totals answers membershipOptions.selectedMemberships as a list', () => {
    const answer = exampleAnswer('commerce', 'estimateCurrentCartTotals');
    answer.membershipOptions = {
      selectedMemberships: [
        { id: '2c1f9a4e-4b7d-4c2e-9f3a-6d5e4c3b2a19', appId: '1522827f-c56c-a5c9-2ac9-00f9e6ae12d3', lineItemIds: ['11'] },
      ],
    };
    expect(answerErrors('commerce', 'estimateCurrentCartTotals', answer)).toEqual([]);
    answer.membershipOptions = { selectedMemberships: { memberships: [] } };
    expect(answerErrors('commerce', 'estimateCurrentCartTotals', answer)).not.toEqual([]);
  });

  it("an order's pickup address may be 1000 characters long, and its free trial 3650 intervals", () => {
    const answer = exampleAnswer('commerce', 'getOrder') as {
      order: { shippingInfo?: Record<string, Json>; lineItems: Record<string, Json>[] };
    };
    answer.order.shippingInfo = {
      title: 'Pickup',
      logistics: {
        pickupDetails: { address: { country: 'US', city: 'C'.repeat(1000), addressLine: 'L'.repeat(1000) }, pickupMethod: 'STORE_PICKUP' },
      },
    };
    const item = answer.order.lineItems[0] as Record<string, Json>;
    item.subscriptionInfo = { subscriptionSettings: { frequency: 'MONTH', freeTrialPeriod: { frequency: 'DAY', interval: 3650 } } };
    expect(answerErrors('commerce', 'getOrder', answer)).toEqual([]);
  });

  it('a checkout line item keeps the platform bounds of priceDescription (100) and the subscription title (1..150)', () => {
    const answer = exampleAnswer('commerce', 'getCheckout') as { checkout: { lineItems: Record<string, Json>[] } };
    const item = answer.checkout.lineItems[0] as Record<string, Json>;
    item.priceDescription = { original: 'p'.repeat(100) };
    expect(answerErrors('commerce', 'getCheckout', answer)).toEqual([]);
    item.priceDescription = { original: 'p'.repeat(101) };
    expect(answerErrors('commerce', 'getCheckout', answer)).not.toEqual([]);
    item.priceDescription = { original: 'per 100 g' };
    item.subscriptionOptionInfo = { title: { original: '' } };
    expect(answerErrors('commerce', 'getCheckout', answer)).not.toEqual([]);
  });

  it('the product query takes the platform query only; the legacy flags are gone', () => {
    const properties = Object.keys((docs.platform.components.schemas?.QueryProductsPlatformizedRequest?.properties ?? {}) as object);
    expect(properties).toEqual(['query']);
    expect(requestErrors('platform', 'queryProducts', { query: { sort: [{ fieldName: 'price' }], paging: { limit: 10 } } })).toEqual([]);
  });
});

describe('required-ness as the platform enforces it', () => {
  it('createOrder needs each line item with name, quantity, price and type, plus channel info and price summary', () => {
    const body = exampleBody('commerce', 'createOrder') as { order: Record<string, Json> & { lineItems: Record<string, Json>[] } };
    expect(requestErrors('commerce', 'createOrder', body)).toEqual([]);
    for (const field of ['productName', 'quantity', 'price', 'itemType']) {
      const broken = clone(body);
      delete broken.order.lineItems[0]?.[field];
      expect(requestErrors('commerce', 'createOrder', broken).join(' '), field).toContain(field);
    }
    for (const field of ['channelInfo', 'priceSummary']) {
      const broken = clone(body);
      delete broken.order[field];
      expect(requestErrors('commerce', 'createOrder', broken).join(' '), field).toContain(field);
    }
  });

  it('addToCurrentCart needs a catalog reference with item and app IDs', () => {
    const body = exampleBody('commerce', 'addToCurrentCart') as { lineItems: Record<string, Json>[] };
    const broken = clone(body);
    delete (broken.lineItems[0]!.catalogReference as Record<string, Json>).appId;
    expect(requestErrors('commerce', 'addToCurrentCart', broken).join(' ')).toContain('appId');
  });

  it('a sorting without fieldName and a redirect-session intent without its IDs are accepted', () => {
    expect(requestErrors('platform', 'queryCollections', { query: { sort: [{ order: 'DESC' }] } })).toEqual([]);
    expect(requestErrors('platform', 'createRedirectSession', { ecomCheckout: {} })).toEqual([]);
  });
});

describe('fields the platform does not have', () => {
  it('Checkout has no overrideCheckoutUrl (a request field) and a review author no memberId', () => {
    expect(Object.keys(docs.commerce.components.schemas?.Checkout?.properties ?? {})).not.toContain('overrideCheckoutUrl');
    expect(Object.keys(docs.platform.components.schemas?.ReviewAuthor?.properties ?? {})).not.toContain('memberId');
    expect(Object.keys(requestBodyProperties('commerce', 'createCheckout'))).toContain('overrideCheckoutUrl');
  });
});

const requestBodyProperties = (family: Family, operationId: string): object => {
  const schema = op(family, operationId).requestBody?.content?.['application/json']?.schema as JsonObject;
  return (resolveSchema(docs[family], schema)?.properties as object | undefined) ?? {};
};

describe('the live mock accepts real-shaped requests', () => {
  const baseUrl = inject('mockUrl');
  const send = (path: string, init: RequestInit) =>
    fetch(`${baseUrl}${path}`, {
      ...init,
      headers: { ...merchantHeaders('fidelity'), 'Content-Type': 'application/json', ...init.headers },
    });

  it('GET query-platformized with .r, as the SDK sends it', async () => {
    const r = Buffer.from(JSON.stringify({ query: { paging: { limit: 5 } } })).toString('base64url');
    const response = await send(`/v1/products/query-platformized?.r=${r}`, { method: 'GET' });
    expect(response.status).toBe(200);
  });

  it('a redirect session to a checkout without its ID', async () => {
    const response = await send('/v1/redirect-session', { method: 'POST', body: JSON.stringify({ ecomCheckout: {} }) });
    expect(response.status).toBe(200);
  });
});
