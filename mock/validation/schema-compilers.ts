// The schema compilers the mock's checks compile into, each built by the spec reader's one compiler with the
// options its values need.
import { SchemaCompiler } from '../../spec-model/schema-compiler';

/** The compilers every family's validators share. */
export class SchemaCompilers {
  /** Request bodies and encoded messages, as sent: the explorer checks a body it is given with the same options. */
  readonly body = new SchemaCompiler();
  /** Request bodies and encoded messages in the strict setting: a field the contract does not declare is refused. */
  readonly strictBody = new SchemaCompiler({ unknownProperties: 'refused' });
  /** Parameters arrive as text: `limit=5` is the integer 5, `active=true` the boolean. */
  readonly parameters = new SchemaCompiler({ coerceTypes: true });
  /**
   * The stateful engine's answers: the first violation is enough to name the field at fault. Formats are checked
   * by the fast (pattern-only) rules: the engine writes its dates with toISOString, and the full rules (calendar
   * checks) took about a fifth of the time spent checking an add-to-cart answer. Requests keep the full rules, as
   * Prism judges them.
   */
  readonly response = new SchemaCompiler({ allErrors: false, formats: 'fast' });
}
