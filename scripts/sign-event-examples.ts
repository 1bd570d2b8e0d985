// npm run sign:event-examples: signs every webhook example of spec/ again from its `x-decoded` event message, with
// a key pair made now (its private half is thrown away), and writes the public key to both families' documents as
// `x-event-examples.publicKey`. Only the token and key texts change; the hand-written YAML is left as it is.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type EventToSign, signEvent } from '../mock/events/sign-event';
import { generateSigningKeyPair } from '../mock/events/signing-keys';
import { editYamlSource } from '../spec-model/source-edit';
import { DELIVERY_MEDIA_TYPE } from '../spec-model/webhooks';
import { FAMILIES } from '../src/protocol';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const EXAMPLES = ['post', 'requestBody', 'content', DELIVERY_MEDIA_TYPE, 'examples'];

const keys = await generateSigningKeyPair();
let signed = 0;
for (const family of FAMILIES) {
  const folder = join(root, 'spec', family, 'webhooks');
  for (const name of readdirSync(folder)
    .filter((file) => file.endsWith('.yaml'))
    .sort()) {
    const file = join(folder, name);
    const source = editYamlSource(readFileSync(file, 'utf8'), `${family}/webhooks/${name}`);
    for (const example of source.keys(EXAMPLES)) {
      const where = `${family}/webhooks/${name} example ${example}`;
      const message = source.value([...EXAMPLES, example, 'x-decoded']) as
        | { eventType: string; instanceId: string; identity: EventToSign['identity']; data: { eventTime: string }; accountInfo?: object }
        | undefined;
      if (!message) throw new Error(`${where}: needs x-decoded (the event message, JSON strings parsed)`);
      if (`${message.eventType}.yaml` !== name) throw new Error(`${where}: x-decoded.eventType is ${message.eventType}`);
      const event = {
        eventType: message.eventType,
        instanceId: message.instanceId,
        identity: message.identity,
        payload: message.data,
        ...(message.accountInfo && { accountInfo: message.accountInfo }),
      } as EventToSign;
      const token = await signEvent(event, keys.privateKey, {
        issuedAt: Math.floor(Date.parse(message.data.eventTime) / 1000),
        expiresInSeconds: null,
      });
      source.replace([...EXAMPLES, example, 'value'], token);
      signed += 1;
    }
    writeFileSync(file, source.text());
  }
  const document = join(root, 'spec', family, 'openapi.yaml');
  const source = editYamlSource(readFileSync(document, 'utf8'), `${family}/openapi.yaml`);
  source.replace(['x-event-examples', 'publicKey'], JSON.stringify(keys.publicKeyPem));
  writeFileSync(document, source.text());
}
console.log(
  `signed ${signed} webhook examples; public key written to ${FAMILIES.map((family) => `spec/${family}/openapi.yaml`).join(', ')}`,
);
