import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flatten } from '../../scripts/changes/flatten';
import { checkVersion } from '../../scripts/changes/version-check';
import type { JsonObject } from '../../spec-model/json';
import { readDocumentFile } from '../../spec-model/load';

// `npm run changes` and the version check on a scratch clone: a release of a copy of the commerce document
// (six paths, references inlined so each edit touches one place), then one change of each kind.
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const KEPT = [
  '/v1/checkouts',
  '/v1/back-in-stock-notification-requests',
  '/v1/payments-collector/orders/{ecomOrderId}/payment-collectability-status',
  '/v1/checkouts/{id}/checkout-url',
  '/v1/carts/current',
  '/v1/carts/current/create-checkout',
];
let repo: string;
const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
const commerce = () => JSON.parse(readFileSync(join(repo, 'generated/commerce/openapi.yaml'), 'utf8')) as Record<string, any>;
const writeCommerce = (document: JsonObject) =>
  writeFileSync(join(repo, 'generated/commerce/openapi.yaml'), JSON.stringify(document, null, 1));
const setVersion = (version: string) => {
  const pkg = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8'));
  writeFileSync(join(repo, 'package.json'), JSON.stringify({ ...pkg, version }, null, 2));
  for (const path of ['spec/commerce/openapi.yaml', 'spec/platform/openapi.yaml', 'generated/platform/openapi.yaml']) {
    const file = join(repo, path);
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^( {2}version: ).*$/m, `$1${version}`));
  }
  const document = commerce();
  writeCommerce({ ...document, info: { ...document.info, version } });
};

beforeAll(() => {
  repo = mkdtempSync(join(tmpdir(), 'changes-'));
  git('init', '-q');
  git('config', 'user.email', 'test@example.com');
  git('config', 'user.name', 'test');
  for (const family of ['commerce', 'platform']) {
    mkdirSync(join(repo, 'spec', family), { recursive: true });
    mkdirSync(join(repo, 'generated', family), { recursive: true });
    writeFileSync(join(repo, 'spec', family, 'openapi.yaml'), 'openapi: 3.1.0\ninfo:\n  title: copy\n  version: 1.0.0\n');
  }
  // The platform family stays as it is: a stand-in keeps the walk to the one document that changes.
  writeFileSync(
    join(repo, 'generated/platform/openapi.yaml'),
    'openapi: 3.1.0\ninfo:\n  title: copy\n  version: 1.0.0\npaths: {}\ncomponents: {}\n',
  );
  const full = readDocumentFile(join(root, 'generated/commerce/openapi.yaml'));
  // Only the success answers: the error answers repeat one body and would only slow the walk.
  const successOnly = (item: JsonObject): JsonObject =>
    Object.fromEntries(
      Object.entries(item).map(([method, operation]) => {
        const responses = (operation as { responses?: JsonObject }).responses;
        return [method, responses ? { ...(operation as JsonObject), responses: { 200: responses['200'] ?? null } } : operation];
      }),
    ) as JsonObject;
  const paths = Object.fromEntries(KEPT.map((path) => [path, successOnly(full.paths[path] as JsonObject)]));
  writeCommerce(flatten({ ...full, info: { ...(full.info as JsonObject), version: '1.0.0' }, paths }));
  writeFileSync(join(repo, 'package.json'), JSON.stringify({ name: 'copy', version: '1.0.0' }, null, 2));
  git('add', '.');
  git('commit', '-qm', 'release 1.0.0');
}, 60_000);

afterAll(() => rmSync(repo, { recursive: true, force: true }));

describe('the flat document npm run changes compares', () => {
  it('reads an allOf of value schemas as one schema, its enumerations intersected', () => {
    const document = {
      components: { schemas: { Channel: { type: 'string', enum: ['UNSPECIFIED', 'WEB', 'POS'] } } },
      paths: {
        '/x': {
          post: {
            requestBody: {
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: {
                      channel: {
                        description: 'Not UNSPECIFIED.',
                        allOf: [{ $ref: '#/components/schemas/Channel' }, { enum: ['WEB', 'POS'] }],
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    } as JsonObject;
    const flat = flatten(document) as Record<string, any>;
    expect(flat.paths['/x'].post.requestBody.content['application/json'].schema.properties.channel).toEqual({
      type: 'string',
      enum: ['WEB', 'POS'],
      description: 'Not UNSPECIFIED.',
    });
  });
});

describe('npm run changes and the version check', () => {
  it('passes on the release itself, with no change', () => {
    expect(checkVersion(repo).problems).toEqual([]);
  });

  it('classifies one change of each kind, and the check fails without the major bump and passes with it', () => {
    const document = commerce();
    const paths = document.paths;
    delete paths['/v1/carts/current'].delete;
    paths['/v1/back-in-stock-notification-requests'].get.parameters = [];
    const create = paths['/v1/checkouts'].post.requestBody.content['application/json'].schema;
    create.required = [...create.required, 'overrideCheckoutUrl'];
    create.properties.channelType.enum = create.properties.channelType.enum.slice(1);
    create.properties.overrideCheckoutUrl.maxLength = 500;
    const status =
      paths['/v1/payments-collector/orders/{ecomOrderId}/payment-collectability-status'].get.responses['200'].content['application/json']
        .schema;
    expect(status.properties.status.enum).toBeDefined();
    status.properties.status.enum = [...status.properties.status.enum, 'BRAND_NEW_REASON'];
    delete status.properties.amount;
    paths['/v1/checkouts/{id}/checkout-url'].get.responses['200'].content['application/json'].schema.properties.checkoutUrl.type =
      'integer';
    paths['/v1/carts/current/create-checkout'].post.requestBody.content['application/json'].schema.properties.note = { type: 'string' };
    writeCommerce(document);
    git('commit', '-qam', 'one change of each kind');

    const out = execFileSync(process.execPath, ['--import', 'tsx', join(root, 'scripts', 'changes.ts'), 'HEAD~1', `--root=${repo}`], {
      cwd: root,
      encoding: 'utf8',
    });
    const section = (heading: string) =>
      (out.split(/\n(?=\S)/).find((part) => part.startsWith(heading)) ?? '').split('\n').slice(1).filter(Boolean);
    const callers = section('Breaking for callers');
    expect(callers).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/DELETE \/v1\/carts\/current {2}operation: operation removed$/),
        expect.stringMatching(/GET \/v1\/back-in-stock-notification-requests {2}query parameter \.r: removed$/),
        expect.stringMatching(/POST \/v1\/checkouts {2}request body \(application\/json\) field overrideCheckoutUrl: now required$/),
        expect.stringMatching(/POST \/v1\/checkouts {2}request body \(application\/json\) field channelType: enumeration lost /),
        expect.stringMatching(
          /POST \/v1\/checkouts {2}request body \(application\/json\) field overrideCheckoutUrl: maxLength 1000 → 500$/,
        ),
      ]),
    );
    expect(callers, callers.join('\n')).toHaveLength(5);
    const readers = section('Breaking for readers');
    expect(readers).toEqual([
      expect.stringMatching(
        /GET \/v1\/checkouts\/\{id\}\/checkout-url {2}answer 200 \(application\/json\) field checkoutUrl: type "string" is now "integer"$/,
      ),
      expect.stringMatching(/payment-collectability-status {2}answer 200 \(application\/json\) field amount: removed/),
      expect.stringMatching(
        /payment-collectability-status {2}answer 200 \(application\/json\) field status: enumeration gained "BRAND_NEW_REASON"$/,
      ),
    ]);
    expect(section('Additive')).toEqual([
      expect.stringMatching(/create-checkout {2}request body \(application\/json\) field note: added$/),
    ]);
    expect(out).toMatch(/Bump: major \(from 1\.0\.0 at HEAD~1: 2\.0\.0 or later\)/);

    const without = checkVersion(repo).problems;
    expect(without).toHaveLength(1);
    expect(without[0]).toMatch(
      /^8 breaking change\(s\) since 1\.0\.0 was set .* bump package\.json and both documents' info\.version to 2\.0\.0/,
    );
    setVersion('1.1.0');
    expect(checkVersion(repo).problems).toEqual([expect.stringMatching(/call for a major bump: 2\.0\.0, not 1\.1\.0/)]);
    setVersion('2.0.0');
    expect(checkVersion(repo).problems).toEqual([]);
    git('commit', '-qam', 'release 2.0.0');
    expect(checkVersion(repo)).toEqual({ problems: [], notes: [expect.stringMatching(/^version 2\.0\.0, set at [0-9a-f]{12}$/)] });
  }, 120_000);
});
