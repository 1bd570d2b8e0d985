import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { matches, sortRecords, valueAt } from '../../mock/computations/query-language';
import { slugify } from '../../mock/computations/slug';
import { createStatefulEngine } from '../../mock/engine/engine';
import { readDocuments } from '../../mock/node/read-documents';
import { readFixtures } from '../../mock/node/read-fixtures';
import { SERVICES } from '../../mock/services/index';
import { declaredCodes } from '../../spec-model/declared-codes';
import { listOperations } from '../../spec-model/document';
import type { JsonObject } from '../../spec-model/json';
import { loadDocument } from '../../spec-model/load';
import { declaredResponse } from '../../spec-model/responses';
import { createValidator } from '../../spec-model/validators';
import { API_KEY } from '../support/mock-credentials';

// The platform services against the contract, in process: what a client can send answers a status and a code
// the operation declares (never a 500), every refusal a service gives goes through the typed `refuse` (checked
// against the declared codes at compile time: platform-refusal-rejections.ts), and the engine's own answers to
// each platform operation are declared by it.
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const documents = readDocuments();
const fixtures = readFixtures();
const doc = loadDocument('platform');
const operations = listOperations('platform', doc);
const validate = createValidator(doc, 'response');
const MAYA = '5c1b2a3d-7e8f-4a10-9b2c-3d4e5f607182';
const TOTE = 'c8539b66-7a44-fe18-affc-afec4be8562a';
const ALL_PRODUCTS = '00000000-000000-000000-000000000001';

const engine = createStatefulEngine({ documents, fixtures, services: SERVICES, publicUrl: () => 'http://mock.test' });

interface Answer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Record<string, any> | undefined;
}

const send = async (method: string, target: string, headers: Record<string, string>, body?: unknown): Promise<Answer> => {
  const response = await engine.handle({
    method,
    target,
    headers: { 'content-type': 'application/json', ...headers },
    body: new TextEncoder().encode(body === undefined ? '' : JSON.stringify(body)),
    requestId: 'platform-test',
  });
  const text = typeof response.body === 'string' ? response.body : new TextDecoder().decode(response.body);
  return {
    status: response.status,
    headers: response.headers as Record<string, string>,
    body: text ? (JSON.parse(text) as Record<string, any>) : undefined,
  };
};

const operation = (operationId: string) => {
  const found = operations.find((candidate) => candidate.operationId === operationId);
  if (!found) throw new Error(`no platform operation ${operationId}`);
  return found;
};

/** Why an error body is not one the operation declares at its status (empty when it is). */
const undeclared = (operationId: string, answer: Answer): string[] => {
  const schema = declaredResponse(operation(operationId), answer.status)?.json?.schema as JsonObject | undefined;
  if (!schema) return [`${operationId} declares no ${answer.status}`];
  return validate(schema, answer.body);
};

/** An error answer with its code, declared by the operation at that status. */
const expectRefusal = (operationId: string, answer: Answer, status: number, code: string) => {
  expect({ status: answer.status, code: answer.body?.details?.applicationError?.code }).toEqual({ status, code });
  expect(undeclared(operationId, answer)).toEqual([]);
};

const merchant = (session: string) => ({ authorization: API_KEY, 'x-mock-session': session });

const visitor = async (session: string) => {
  const { body } = await send(
    'POST',
    '/oauth2/token',
    { 'x-mock-session': session },
    { clientId: '0c9e2d4f-6a8b-4c1d-9e3f-5a7b9c1d3e5f', grantType: 'anonymous' },
  );
  return { authorization: body?.access_token as string, 'x-mock-session': session };
};

const member = async (session: string, memberId = MAYA) => {
  const { body } = await send('POST', '/oauth2/token', merchant(session), { grant_type: 'authorized_client', member_id: memberId });
  return { authorization: body?.access_token as string, 'x-mock-session': session };
};

describe('the query language reads only a record’s own fields', () => {
  it('finds nothing under the names every object inherits, and sorts by them as by a missing field', () => {
    const records = [{ name: 'b' }, { name: 'a' }];
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      expect(valueAt(records[0], name)).toBeUndefined();
      expect(matches(records[0], { [name]: 'x' })).toBe(false);
      expect(matches(records[0], { [name]: { $exists: false } })).toBe(true);
      expect(sortRecords(records, [{ fieldName: name }])).toEqual(records);
    }
    // An alias table is read the same way: `constructor` is no alias of it.
    expect(matches({ priceData: { price: 5 } }, { price: 5 }, { price: 'priceData.price' })).toBe(true);
    expect(matches({ constructor: 'x' }, { constructor: 'x' }, { price: 'priceData.price' })).toBe(true);
  });

  it('answers every platform query with such field names (no 500)', async () => {
    const headers = merchant('query-names');
    const queries: [string, string, string, unknown][] = [
      [
        'queryCollections',
        'POST',
        '/v2/collections/query',
        { query: { sort: [{ fieldName: '__proto__' }], filter: { constructor: 'x' } } },
      ],
      [
        'queryProducts',
        'POST',
        '/v1/products/query-platformized',
        { query: { filter: { constructor: 'x' }, sort: '[{"toString":"asc"}]' } },
      ],
      [
        'queryMembers',
        'POST',
        '/v1/members/query',
        {
          query: { filter: { toString: { $eq: 1 } }, sorting: [{ fieldName: 'constructor' }] },
          search: { expression: 'function', fields: ['constructor'] },
        },
      ],
      ['queryReviews', 'POST', '/v1/reviews/query', { query: { sort: [{ fieldName: 'hasOwnProperty' }], filter: { __proto__: 'x' } } }],
    ];
    for (const [operationId, method, target, body] of queries) {
      const answer = await send(method, target, headers, body);
      expect({ operationId, status: answer.status }).toEqual({ operationId, status: 200 });
    }
    const members = await send('POST', '/v1/members/query', headers, { search: { expression: 'function', fields: ['constructor'] } });
    expect(members.body?.members).toEqual([]);
  });
});

describe('member slugs', () => {
  it('keep letters of any script, drop Latin accents, and are empty when nothing usable remains', () => {
    expect(slugify('Иван Петров')).toBe('иван-петров');
    expect(slugify('山田太郎')).toBe('山田太郎');
    expect(slugify('Café Crème')).toBe('cafe-creme');
    expect(slugify('  --Jane_Doe!! ')).toBe('jane-doe');
    expect(slugify('😀')).toBe('');
  });

  it('come from any nickname, fall back to the member id, and stay unique in the session', async () => {
    const headers = merchant('slugs');
    const create = async (loginEmail: string, nickname: string) =>
      (await send('POST', '/v1/members', headers, { member: { loginEmail, profile: { nickname } } })).body?.member as Record<string, any>;
    expect((await create('ivan@example.com', 'Иван Петров')).profile.slug).toBe('иван-петров');
    expect((await create('ivan2@example.com', 'Иван  Петров!')).profile.slug).toBe('иван-петров-2');
    expect((await create('taro@example.com', '山田太郎')).profile.slug).toBe('山田太郎');
    const smiley = await create('smile@example.com', '😀');
    expect(smiley.profile.slug).toBe(smiley.id);
    expect(smiley.profile.slug).not.toMatch(/^product/);
  });
});

describe('platform answers a client can cause', () => {
  it('refuses a file import with more labels than a file holds, and the session keeps answering its lists', async () => {
    const headers = merchant('labels');
    const labels = Array.from({ length: 101 }, (_, index) => `l${index}`);
    const refused = await send('POST', '/v1/files/import', headers, { url: 'https://example.com/a.jpg', mediaType: 'IMAGE', labels });
    expect(refused.status).toBe(400);
    expect(refused.body?.details?.validationError?.fieldViolations).toContainEqual(
      expect.objectContaining({ field: 'labels', violatedRule: 'MAX_SIZE' }),
    );
    expect(
      (
        await send('POST', '/v1/files/import', headers, {
          url: 'https://example.com/a.jpg',
          mediaType: 'IMAGE',
          labels: labels.slice(0, 100),
        })
      ).status,
    ).toBe(200);
    expect((await send('GET', '/v1/files', headers)).status).toBe(200);
    expect((await send('POST', '/v1/files/search', headers, {})).status).toBe(200);
  });

  it('answers a deleted member’s token with the NOT_FOUND its operations declare', async () => {
    const session = 'deleted-member';
    const gone = '5e9a7c1b-2d4f-4a63-8b0e-1f2c3d4e5a6b';
    const token = await member(session, gone);
    expect((await send('DELETE', `/v1/members/${gone}`, merchant(session))).status).toBe(200);
    const calls: [string, string, string, unknown][] = [
      ['updateMySlug', 'POST', '/v1/members/my/slug', { slug: 'jj' }],
      ['joinCommunity', 'POST', '/v1/members/join-community', undefined],
      ['leaveCommunity', 'POST', '/v1/members/leave-community', undefined],
      ['changePassword', 'POST', '/v2/change-password', { newPassword: 'secret123' }],
      ['getMyMember', 'GET', '/v1/members/my', undefined],
    ];
    for (const [operationId, method, target, body] of calls)
      expectRefusal(operationId, await send(method, target, token, body), 404, 'NOT_FOUND');
  });

  it('answers the login callback of a member deleted since with NOT_FOUND, declared', async () => {
    const session = 'callback';
    const shopper = await visitor(session);
    const login = await send('POST', '/v2/login', shopper, { loginId: { email: 'gone@example.com' }, password: 'secret123' });
    expect(login.status).toBe(200);
    expect((await send('DELETE', `/v1/members/${login.body?.identity?.id}`, merchant(session))).status).toBe(200);
    const callback = await send('GET', `/v1/callback?sessionToken=${encodeURIComponent(login.body?.sessionToken)}&state=abc`, {
      'x-mock-session': session,
    });
    expectRefusal('loginCallback', callback, 404, 'NOT_FOUND');
  });

  it('answers a visitor’s getMyMember with NOT_FOUND, and the member-only and merchant-only calls with declared 403s', async () => {
    const shopper = await visitor('roles');
    expectRefusal('getMyMember', await send('GET', '/v1/members/my', shopper), 404, 'NOT_FOUND');
    expectRefusal('getMyMember', await send('GET', '/v1/members/my', merchant('roles')), 404, 'NOT_FOUND');
    const gated: [string, string, string, unknown][] = [
      ['deleteMyMember', 'DELETE', '/v1/members/my', undefined],
      ['updateMySlug', 'POST', '/v1/members/my/slug', { slug: 'x' }],
      ['joinCommunity', 'POST', '/v1/members/join-community', undefined],
      ['leaveCommunity', 'POST', '/v1/members/leave-community', undefined],
      ['listMembers', 'GET', '/v1/members', undefined],
      ['queryMembers', 'POST', '/v1/members/query', {}],
      ['getMember', 'GET', `/v1/members/${MAYA}`, undefined],
    ];
    for (const [operationId, method, target, body] of gated)
      expectRefusal(operationId, await send(method, target, shopper, body), 403, 'PERMISSION_DENIED');
  });

  it('answers an unknown token with the 401 the authenticated platform operations declare', async () => {
    const stranger = { authorization: 'OauthNG.JWS.not-issued', 'x-mock-session': 'stranger' };
    const calls: [string, string, string, unknown][] = [
      ['listMembers', 'GET', '/v1/members', undefined],
      ['getMember', 'GET', `/v1/members/${MAYA}`, undefined],
      ['queryMembers', 'POST', '/v1/members/query', {}],
      ['registerV2', 'POST', '/v2/register', { loginId: { email: 'a@example.com' }, password: 'secret123' }],
      ['sendRecoveryEmail', 'POST', '/v1/send-email', { email: 'a@example.com' }],
      ['sendActivationEmail', 'POST', '/v1/activation-email', { identityId: 'x' }],
      ['recover', 'POST', '/v1/recover', { recoveryToken: 'x', password: 'secret123' }],
      ['startVerification', 'POST', '/v1/Start', {}],
      ['verifyDuringAuthentication', 'POST', '/v1/auth/verify', { code: '1', stateToken: 'x' }],
      ['resendDuringAuthentication', 'POST', '/v1/auth/resend', { stateToken: 'x' }],
    ];
    for (const [operationId, method, target, body] of calls)
      expectRefusal(operationId, await send(method, target, stranger, body), 401, 'UNAUTHENTICATED');
  });

  it('names the platform’s codes: ALGORITHM_NOT_SUPPORTED, ALL_PRODUCTS_COLLECTION, invalid_grant, blocked members', async () => {
    const session = 'codes';
    const headers = merchant(session);
    const algorithm = await send('POST', '/v1/recommendations/get', headers, {
      items: [{ catalogItemId: TOTE, appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e' }],
      algorithms: [{ id: '00000000-0000-4000-8000-000000000001', appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e' }],
    });
    expectRefusal('getRecommendation', algorithm, 428, 'ALGORITHM_NOT_SUPPORTED');
    expect(algorithm.body?.details.applicationError.data.unsupportedAlgorithms).toEqual([
      { id: '00000000-0000-4000-8000-000000000001', appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e' },
    ]);
    expectRefusal('deleteCollection', await send('DELETE', `/v1/collections/${ALL_PRODUCTS}`, headers), 428, 'ALL_PRODUCTS_COLLECTION');
    expectRefusal(
      'addProductsToCollection',
      await send('POST', `/v1/collections/${ALL_PRODUCTS}/productIds`, headers, { productIds: [TOTE] }),
      428,
      'ALL_PRODUCTS_COLLECTION',
    );
    const client = { clientId: '0c9e2d4f-6a8b-4c1d-9e3f-5a7b9c1d3e5f' };
    expectRefusal(
      'token',
      await send('POST', '/oauth2/token', { 'x-mock-session': session }, { ...client, grantType: 'refresh_token', refreshToken: 'nope' }),
      400,
      'invalid_grant',
    );
    expectRefusal(
      'token',
      await send(
        'POST',
        '/oauth2/token',
        { 'x-mock-session': session },
        { ...client, grantType: 'authorization_code', code: 'nope', redirectUri: 'https://a.example', codeVerifier: 'x'.repeat(43) },
      ),
      400,
      'invalid_grant',
    );
    expectRefusal(
      'token',
      await send('POST', '/oauth2/token', headers, { grant_type: 'authorized_client', member_id: '00000000-0000-4000-8000-000000000000' }),
      400,
      'invalid_grant',
    );
    // A member the site owner blocked may not sign in: PERMISSION_DENIED, declared by each sign-in call.
    const shopper = await visitor(session);
    const login = await send('POST', '/v2/login', shopper, { loginId: { email: 'blocked.one@example.com' }, password: 'secret123' });
    expect((await send('POST', `/v1/members/${login.body?.identity?.id}/block`, headers)).status).toBe(200);
    expectRefusal(
      'loginV2',
      await send('POST', '/v2/login', shopper, { loginId: { email: 'blocked.one@example.com' }, password: 'secret123' }),
      403,
      'PERMISSION_DENIED',
    );
  });
});

describe('field violations carry the data the platform sends for their rule', () => {
  it("a malformed e-mail is a FORMAT violation with { type: 'EMAIL' }, as the spec's invalidEmail example writes it", async () => {
    const shopper = await visitor('violation-data');
    const answer = await send('POST', '/v2/register', shopper, { loginId: { email: 'not-an-email' }, password: 'secret123' });
    expect(answer.status).toBe(400);
    const example = declaredResponse(operation('registerV2'), 400)?.json?.examples?.invalidEmail?.value as JsonObject;
    const [written] = (example.details as { validationError: { fieldViolations: JsonObject[] } }).validationError.fieldViolations;
    expect(answer.body?.details.validationError.fieldViolations).toEqual([
      { field: 'loginId.email', description: expect.any(String), violatedRule: 'FORMAT', ruleName: 'FORMAT', data: written?.data },
    ]);
    expect(written?.data).toEqual({ type: 'EMAIL' });
  });

  it('a bound carries its threshold, an identifier its GUID format, a missing field empty data', async () => {
    const headers = merchant('violation-data');
    const answer = await send('POST', '/v1/products', headers, {
      product: { name: 'x'.repeat(81), productType: 'physical', priceData: { price: -5 }, ribbon: 'y'.repeat(400) },
    });
    const violations = answer.body?.details.validationError.fieldViolations as JsonObject[];
    expect(violations.filter((v) => v.violatedRule === 'MIN' || v.violatedRule === 'MAX_LENGTH')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'product.priceData.price', violatedRule: 'MIN', data: { threshold: 0 } }),
        expect.objectContaining({ field: 'product.name', violatedRule: 'MAX_LENGTH', data: { threshold: 80 } }),
      ]),
    );
    const missing = await send('POST', '/v1/reviews', headers, { review: { namespace: 'stores', content: { rating: 5 } } });
    expect(missing.body?.details.validationError.fieldViolations).toContainEqual(
      expect.objectContaining({ field: 'review.entityId', violatedRule: 'REQUIRED_FIELD', data: {} }),
    );
    const guid = await send('GET', '/v1/reviews/not-a-guid', headers);
    expect(guid.body?.details.validationError.fieldViolations).toEqual([
      expect.objectContaining({ field: 'reviewId', data: { type: 'GUID' } }),
    ]);
  });
});

describe("the platform client's path spellings", () => {
  it("reach the operation under the seed's path: /v1/start is verification.start as /v1/Start is", async () => {
    const shopper = await visitor('spelling');
    for (const target of ['/v1/Start', '/v1/start']) {
      const answer = await send('POST', target, shopper, { identityId: MAYA, target: 'EMAIL' });
      expect({ target, status: answer.status }).toEqual({ target, status: 200 });
      expect(answer.body?.verificationId).toEqual(expect.any(String));
      const success = declaredResponse(operation('startVerification'), 200)?.json?.schema as JsonObject;
      expect(validate(success, answer.body)).toEqual([]);
    }
    const refused = await send('POST', '/v1/start', shopper, { identityId: '00000000-0000-4000-8000-00000000dead', target: 'EMAIL' });
    expectRefusal('startVerification', refused, 404, 'NOT_FOUND');
  });
});

describe('the spec says what the platform services enforce, and they enforce what it says', () => {
  it('refuses the required fields by the schema, naming each', async () => {
    const session = 'required';
    const headers = merchant(session);
    const shopper = await visitor(session);
    const cases: [string, string, Record<string, string>, unknown, string][] = [
      ['POST', '/v1/collections', headers, { collection: {} }, 'collection.name'],
      ['POST', '/v1/products', headers, { product: {} }, 'product.name'],
      ['POST', '/v1/products', headers, {}, 'product'],
      ['POST', '/v1/reviews', headers, { review: { namespace: 'stores', content: { rating: 5 } } }, 'review.entityId'],
      ['POST', '/v1/reviews/contact', shopper, { namespace: 'stores', content: { rating: 5 } }, 'entityId'],
      ['POST', '/v1/members', headers, { member: {} }, 'member.loginEmail'],
      ['PATCH', '/v1/files/update-file-descriptor', headers, { file: { displayName: 'x' } }, 'file.id'],
      ['POST', '/v2/login', shopper, { loginId: {}, password: 'secret123' }, 'loginId.email'],
      ['POST', '/v2/register', shopper, { loginId: {}, password: 'secret123' }, 'loginId.email'],
      ['POST', '/v2/sign-on', headers, { loginId: {} }, 'loginId.email'],
    ];
    for (const [method, target, who, body, field] of cases) {
      const answer = await send(method, target, who, body);
      expect({ target, status: answer.status }).toEqual({ target, status: 400 });
      expect(answer.body?.details?.validationError?.fieldViolations).toContainEqual(
        expect.objectContaining({ field, violatedRule: 'REQUIRED_FIELD' }),
      );
    }
    // No hand-written rule is left behind them in the platform services.
    const services = join(root, 'mock', 'services', 'platform');
    for (const file of readdirSync(services))
      expect({ file, text: readFileSync(join(services, file), 'utf8') }).not.toMatchObject({
        text: expect.stringMatching(/'is required', 'REQUIRED_FIELD'/),
      });
  });

  it('refuses a negative price, in a request and as the result of an adjustment', async () => {
    const headers = merchant('prices');
    const created = await send('POST', '/v1/products', headers, {
      product: { name: 'Negative', productType: 'physical', priceData: { price: -5 } },
    });
    expect(created.status).toBe(400);
    expect(created.body?.details?.validationError?.fieldViolations).toContainEqual(
      expect.objectContaining({ field: 'product.priceData.price', violatedRule: 'MIN' }),
    );
    expect((await send('PATCH', `/v1/products/${TOTE}`, headers, { product: { priceData: { price: -5 } } })).status).toBe(400);
    const adjusted = await send('POST', '/v1/bulk/products/adjust-properties', headers, {
      ids: [TOTE],
      adjust: { price: { amount: -1_000_000 } },
    });
    const result = adjusted.body?.results?.[0]?.itemMetadata ?? adjusted.body;
    expect(JSON.stringify(result)).not.toMatch(/"price":-/);
    const read = await send('GET', `/v1/products/${TOTE}`, headers);
    expect(read.status).toBe(200);
    expect(read.body?.product?.priceData?.price).toBeGreaterThanOrEqual(0);
  });

  it('ignores read-only collection media on create and update', async () => {
    const headers = merchant('read-only');
    const created = await send('POST', '/v1/collections', headers, {
      collection: { name: 'RO test', media: { mainMedia: { image: { url: 'https://evil.example/x.jpg' } }, items: [] } },
    });
    expect(created.status).toBe(200);
    expect(created.body?.collection?.media).toEqual({ items: [] });
    const id = created.body?.collection?.id as string;
    const updated = await send('PATCH', `/v1/collections/${id}`, headers, {
      collection: { media: { mainMedia: { image: { url: 'https://evil2.example/y.jpg' } } } },
    });
    expect(updated.status).toBe(200);
    expect(updated.body?.collection?.media).toEqual({ items: [] });
  });

  it('answers a media id that is no URI path as an encoded URL', async () => {
    const headers = merchant('media-id');
    expect((await send('POST', `/v1/products/${TOTE}/media`, headers, { media: [{ mediaId: 'a|b' }] })).status).toBe(200);
    const { body } = await send('GET', `/v1/products/${TOTE}`, headers);
    const item = ((body?.product?.media?.items ?? []) as { id: string; image: { url: string } }[]).find(
      (candidate) => candidate.id === 'a|b',
    );
    expect(item?.image.url).toBe('https://static.wixstatic.com/media/a%7Cb');
  });
});

describe('every refusal of the platform is declared', () => {
  it('goes through the typed refusals: no platform service builds an application error itself', () => {
    const services = join(root, 'mock', 'services', 'platform');
    for (const file of readdirSync(services).filter((name) => name !== 'refusals.ts')) {
      const text = readFileSync(join(services, file), 'utf8');
      expect({
        file,
        builds: /new PlatformFailure\(|\b(notFound|permissionDenied|failedPrecondition)\b[^;]*from '\.\.\/\.\.\/engine\/failure'/.test(
          text,
        ),
      }).toEqual({ file, builds: false });
    }
  });

  it('declares each answer the engine itself gives a platform operation', () => {
    const body = (code: string) => ({ message: code, details: { applicationError: { code, description: code } } });
    const missing: string[] = [];
    for (const op of operations) {
      const access = SERVICES.operations[op.operationId]?.access;
      const engineAnswers: [number, string][] = [
        [400, 'INVALID_ARGUMENT'],
        [500, 'INTERNAL'],
        [503, 'UNAVAILABLE'],
        ...(access !== 'anyone' ? ([[401, 'UNAUTHENTICATED']] as [number, string][]) : []),
        ...(access === 'member' || access === 'merchant' ? ([[403, 'PERMISSION_DENIED']] as [number, string][]) : []),
        ...(op.requestBody ? ([[415, 'UNSUPPORTED_MEDIA_TYPE']] as [number, string][]) : []),
      ];
      for (const [status, code] of engineAnswers) {
        const problems = undeclared(op.operationId, { status, headers: {}, body: body(code) });
        if (problems.length > 0) missing.push(`${op.operationId} ${status} ${code}: ${problems.join('; ')}`);
        if (!declaredCodes(op, status)?.includes(code))
          missing.push(`${op.operationId} ${status} ${code}: not among the codes spec-model reads`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('enumerates the codes of every error response (an undeclared code does not validate)', () => {
    const open: string[] = [];
    for (const op of operations) {
      for (const status of Object.keys(op.responses).filter((key) => Number(key) >= 400)) {
        const problems = undeclared(op.operationId, {
          status: Number(status),
          headers: {},
          body: { message: 'x', details: { applicationError: { code: 'NO_SUCH_CODE', description: 'x' } } },
        });
        if (problems.length === 0) open.push(`${op.operationId} ${status}`);
      }
    }
    expect(open).toEqual([]);
  });
});
