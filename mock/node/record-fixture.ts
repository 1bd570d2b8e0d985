// `--record DIR` in proxy mode, the Node side: the upstream's answers that kept their contract become the
// fixture `recorded` in DIR, in the shape MOCK_FIXTURES_DIR loads: the records they carry (by id, the latest
// wins) and each answer as a named example of its operation and status (`recorded-1`, ...), all redacted, with
// the built-in site settings. The stateful mode then replays it (`POST /__mock/seed {"fixture":"recorded"}`,
// `Prefer: example=recorded-1`). An existing recording is extended; the file is rewritten whole after each answer.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Fixture, SiteSettings } from '../engine/fixtures';
import { recordsOf } from '../proxy/fixture-records';
import type { RecordedExchange } from '../proxy/proxy-pipeline';
import { Redactor } from '../proxy/redact';

export const RECORDED_FIXTURE = 'recorded';
/** Examples kept per operation and status: the first ones recorded. */
export const MAX_EXAMPLES = 20;

type Examples = Record<string, Record<string, Record<string, unknown>>>;

export interface FixtureRecorder {
  readonly file: string;
  record(exchange: RecordedExchange): void;
}

export const createFixtureRecorder = (dir: string, settings: SiteSettings): FixtureRecorder => {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${RECORDED_FIXTURE}.json`);
  let earlier: Partial<Fixture> = {};
  try {
    if (existsSync(file)) earlier = JSON.parse(readFileSync(file, 'utf8')) as Partial<Fixture>;
  } catch (error) {
    throw new Error(`fixture ${file} is not JSON, so it cannot be extended: ${(error as Error).message}`);
  }
  const records = new Map<string, Map<string, Record<string, unknown>>>();
  for (const [collection, list] of Object.entries(earlier.records ?? {})) {
    records.set(collection, new Map(list.map((record) => [String(record.id), { ...record }])));
  }
  const examples: Examples = structuredClone((earlier.examples ?? {}) as Examples);
  const redactor = new Redactor();

  const write = () => {
    const fixture: Fixture = {
      description: 'Answers recorded by the proxy (storefront-mock --mode proxy --record), redacted.',
      settings: earlier.settings ?? settings,
      records: Object.fromEntries([...records].map(([collection, byId]) => [collection, [...byId.values()]])),
      examples,
    };
    const partial = `${file}.${process.pid}.tmp`;
    writeFileSync(partial, `${JSON.stringify(fixture, null, 2)}\n`);
    renameSync(partial, file);
  };

  return {
    file,
    record(exchange) {
      if (!exchange.kept || exchange.body === undefined) return;
      const body = redactor.redact(exchange.body);
      if (exchange.status >= 200 && exchange.status < 300) {
        for (const { collection, record } of recordsOf(body)) {
          let byId = records.get(collection);
          if (!byId) records.set(collection, (byId = new Map()));
          byId.set(record.id, record);
        }
      }
      const byStatus = (examples[exchange.operationId] ??= {});
      const named = (byStatus[String(exchange.status)] ??= {});
      const count = Object.keys(named).length;
      if (count < MAX_EXAMPLES) named[`recorded-${count + 1}`] = body;
      write();
    },
  };
};
