// The schema compilers the mock's checks compile into, each built by the spec reader's one compiler with the
// options its values need.
import { SchemaCompiler } from '../../spec-model/schema-compiler';

export interface SchemaCompilersOptions {
  /**
   * Answers the mock did not write (an upstream's, in proxy mode): every violation and the full format rules, since
   * the client is told how many there are and no `toISOString` vouches for the dates. Default false.
   */
  readonly foreignAnswers?: boolean;
}

/** The compilers every family's validators share. */
export class SchemaCompilers {
  /** Request bodies and encoded messages, as sent: the explorer checks a body it is given with the same options. */
  readonly body = new SchemaCompiler();
  /** Request bodies and encoded messages in the strict setting: a field the contract does not declare is refused. */
  readonly strictBody = new SchemaCompiler({ unknownProperties: 'refused' });
  /** Parameters arrive as text: `limit=5` is the integer 5, `active=true` the boolean. */
  readonly parameters = new SchemaCompiler({ coerceTypes: true });
  /**
   * The answers. The stateful engine's: the first violation is enough to name the field at fault, and formats
   * are checked by the fast (pattern-only) rules: the engine writes its dates with toISOString, and the full rules
   * (calendar checks) took about a fifth of the time spent checking an add-to-cart answer. Requests keep the full
   * rules, as Prism judges them.
   */
  readonly response: SchemaCompiler;

  constructor(options: SchemaCompilersOptions = {}) {
    this.response = options.foreignAnswers ? new SchemaCompiler() : new SchemaCompiler({ allErrors: false, formats: 'fast' });
  }
}
