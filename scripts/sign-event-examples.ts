// npm run sign:event-examples: signs every webhook example of spec/ again from its `x-decoded` event message, with
// a key pair made now (its private half is thrown away), and writes the public key to both families' documents as
// `x-event-examples.publicKey`. Only the token and key texts change; the hand-written YAML is left as it is.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMap, isScalar, parseDocument, type Document, type Node } from 'yaml';
import { signEvent, type EventToSign } from '../mock/events/sign-event';
import { generateSigningKeyPair } from '../mock/events/signing-keys';
import { DELIVERY_MEDIA_TYPE } from '../spec-model/webhooks';
import { FAMILIES } from '../src/protocol';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const EXAMPLES = ['post', 'requestBody', 'content', DELIVERY_MEDIA_TYPE, 'examples'];

/** Replaces scalar nodes' source text, last first so earlier offsets stay right. */
const replaceScalars = (text: string, replacements: { node: Node; text: string }[]) =>
  replacements
    .sort((a, b) => (b.node.range?.[0] ?? 0) - (a.node.range?.[0] ?? 0))
    .reduce((result, { node, text: next }) => {
      const [start, end] = node.range ?? [0, 0];
      return result.slice(0, start) + next + result.slice(end);
    }, text);

const scalarAt = (doc: Document, path: unknown[], where: string): Node => {
  const node = doc.getIn(path, true);
  if (!isScalar(node)) throw new Error(`${where}: ${path.join('.')} must be a plain value`);
  return node;
};

const keys = await generateSigningKeyPair();
let signed = 0;
for (const family of FAMILIES) {
  const folder = join(root, 'spec', family, 'webhooks');
  for (const name of readdirSync(folder).filter((file) => file.endsWith('.yaml')).sort()) {
    const file = join(folder, name);
    const text = readFileSync(file, 'utf8');
    const doc = parseDocument(text);
    const examples = doc.getIn(EXAMPLES, true);
    if (!isMap(examples)) continue;
    const replacements = [];
    for (const pair of examples.items) {
      const where = `${family}/webhooks/${name} example ${String(isScalar(pair.key) ? pair.key.value : pair.key)}`;
      const decoded = doc.getIn([...EXAMPLES, (pair.key as { value: string }).value, 'x-decoded']) as { toJSON(): unknown } | undefined;
      const message = decoded?.toJSON() as { eventType: string; instanceId: string; identity: EventToSign['identity']; data: { eventTime: string }; accountInfo?: object } | undefined;
      if (!message) throw new Error(`${where}: needs x-decoded (the event message, JSON strings parsed)`);
      if (`${message.eventType}.yaml` !== name) throw new Error(`${where}: x-decoded.eventType is ${message.eventType}`);
      const event = { eventType: message.eventType, instanceId: message.instanceId, identity: message.identity, payload: message.data, ...(message.accountInfo && { accountInfo: message.accountInfo }) } as EventToSign;
      const token = await signEvent(event, keys.privateKey, { issuedAt: Math.floor(Date.parse(message.data.eventTime) / 1000), expiresInSeconds: null });
      replacements.push({ node: scalarAt(doc, [...EXAMPLES, (pair.key as { value: string }).value, 'value'], where), text: token });
      signed += 1;
    }
    writeFileSync(file, replaceScalars(text, replacements));
  }
  const document = join(root, 'spec', family, 'openapi.yaml');
  const text = readFileSync(document, 'utf8');
  const node = scalarAt(parseDocument(text), ['x-event-examples', 'publicKey'], `${family}/openapi.yaml`);
  writeFileSync(document, replaceScalars(text, [{ node, text: JSON.stringify(keys.publicKeyPem) }]));
}
console.log(`signed ${signed} webhook examples; public key written to ${FAMILIES.map((family) => `spec/${family}/openapi.yaml`).join(', ')}`);
