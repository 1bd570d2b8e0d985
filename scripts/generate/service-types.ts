// generated/<family>/service-types.ts: per operation the mock serves, the types of its path and query parameters,
// its request body and the body of each answer it declares, as aliases over the openapi-typescript types of
// schema.ts (never copies of schemas). The mock's service tables are typed by it.

/** What the generator needs to know of an operation: which parameters, body and answers it declares. */
export interface ServiceTypesOperation {
  readonly operationId: string;
  readonly method: string;
  readonly path: string;
  readonly parameters: readonly { readonly name: string; readonly in: string }[];
  readonly requestBody?: { readonly required?: boolean; readonly content?: Readonly<Record<string, unknown>> };
  readonly responses: Readonly<Record<string, { readonly content?: Readonly<Record<string, unknown>> }>>;
}

/** The query parameter that carries a whole request message (the platform's `.r`), and the schema it names. */
interface Envelope {
  readonly name: string;
  readonly schema: string;
}

const JSON_MEDIA = 'application/json';

/** openapi-typescript's key of a response: a number for a status, a quoted string for a range or `default`. */
const statusKey = (status: string): string => (/^\d{3}$/.test(status) ? status : `'${status}'`);

const hasJson = (content: Readonly<Record<string, unknown>> | undefined): boolean => content !== undefined && JSON_MEDIA in content;

const entry = (operation: ServiceTypesOperation, envelope: Envelope | undefined): string => {
  const id = operation.operationId;
  const op = `Ops['${id}']`;
  const declares = (place: string) => operation.parameters.some((parameter) => parameter.in === place);
  const path = declares('path') ? `${op}['parameters']['path']` : 'NoParameters';
  const flatQuery = operation.parameters.some((parameter) => parameter.in === 'query' && parameter.name !== envelope?.name);
  const query = envelope
    ? `${flatQuery ? `Omit<NonNullable<${op}['parameters']['query']>, '${envelope.name}'> & ` : ''}{ '${envelope.name}'?: components['schemas']['${envelope.schema}'] }`
    : declares('query')
      ? `NonNullable<${op}['parameters']['query']>`
      : 'NoParameters';
  // A request that sends no body reaches the service as the empty message, so an optional body is there too.
  const body = !hasJson(operation.requestBody?.content)
    ? 'undefined'
    : operation.requestBody?.required
      ? `${op}['requestBody']['content']['${JSON_MEDIA}']`
      : `NonNullable<${op}['requestBody']>['content']['${JSON_MEDIA}']`;
  const statuses = Object.keys(operation.responses).sort();
  const withBody = statuses.filter((status) => hasJson(operation.responses[status]?.content)).map(statusKey);
  const without = statuses.filter((status) => !hasJson(operation.responses[status]?.content)).map(statusKey);
  const answers = [
    ...(withBody.length ? [`{ [S in ${withBody.join(' | ')}]: ${op}['responses'][S]['content']['${JSON_MEDIA}'] }`] : []),
    ...(without.length ? [`{ ${without.map((status) => `${status}: undefined`).join('; ')} }`] : []),
  ];
  return (
    `  /** \`${operation.method} ${operation.path}\` */\n` +
    `  ${id}: {\n` +
    `    path: ${path};\n` +
    `    query: ${query};\n` +
    `    body: ${body};\n` +
    `    answers: ${answers.join(' & ') || '{}'};\n` +
    `  };\n`
  );
};

/**
 * The file's text, after the generator's banner; operations in the order given. A request message sent encoded
 * in the `envelopeName` query parameter is, in the service, the message the mock decoded from it, typed by the
 * schema `envelopeSchemaOf` names (its `contentSchema`).
 */
export const serviceTypesFile = <O extends ServiceTypesOperation>(
  operations: readonly O[],
  envelopeName: string,
  envelopeSchemaOf: (operation: O) => string | undefined,
): string =>
  `import type { components, operations as Ops } from './schema';\n\n` +
  `/** The parameters of a place (path or query) where the operation declares none. */\n` +
  `type NoParameters = Record<never, never>;\n\n` +
  `/**\n` +
  ` * Per operation: its decoded path parameters, its query parameters coerced to their types (a request message\n` +
  ` * sent encoded, decoded under its parameter's name), its JSON request body (the empty message when the request\n` +
  ` * sent none; undefined when the operation declares no body) and, by status, the JSON body of each declared\n` +
  ` * answer (undefined when the answer has none).\n` +
  ` */\n` +
  `export interface ServiceTypes {\n` +
  operations
    .map((operation) => {
      const schema = envelopeSchemaOf(operation);
      return entry(operation, schema === undefined ? undefined : { name: envelopeName, schema });
    })
    .join('') +
  `}\n`;
