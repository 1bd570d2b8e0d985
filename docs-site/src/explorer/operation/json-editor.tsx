// JSON edited in the code editor, checked as it is typed: first that it parses, then against the schema (Ajv,
// through the shared spec reader), each violation by field, listed below and marked in the text. Sending stays
// possible with schema errors and, for a body, with text that is not JSON: the mock's own verdict is part of what
// the explorer shows.
import { useDeferredValue, useEffect, useState } from 'react';
import type { JsonObject } from '../../../../spec-model/json';
import type { FieldViolation } from '../../../../src/index';
import { jsonProblem } from './build-init';
import { CodeEditor } from './code-editor';
import type { VerdictViolation } from './contract-verdict';
import type { FieldCheck } from './load-operation';

interface JsonEditorProps {
  readonly id: string;
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly schema: JsonObject | undefined;
  readonly check: Promise<FieldCheck>;
  /** How the root value is named in violations (`body`). */
  readonly root: string;
  /** What happens to text that is not JSON: sent as typed (a body) or not sent at all. */
  readonly malformed: 'sent as typed' | 'not sent';
}

const formatted = (text: string): string | undefined => {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return undefined;
  }
};

export const JsonEditor = ({ id, label, value, onChange, schema, check, root, malformed }: JsonEditorProps) => {
  const deferred = useDeferredValue(value);
  const [checked, setChecked] = useState<{ readonly text: string; readonly violations: readonly FieldViolation[] }>();
  const syntax = deferred.trim() === '' ? undefined : jsonProblem(deferred);

  useEffect(() => {
    let current = true;
    if (!schema || syntax || deferred.trim() === '') {
      setChecked(undefined);
      return;
    }
    void check.then((validate) => {
      if (current) setChecked({ text: deferred, violations: validate(schema, JSON.parse(deferred), root) });
    });
    return () => {
      current = false;
    };
  }, [check, deferred, root, schema, syntax]);

  const violations = checked?.violations;
  const errorsId = `${id}-errors`;
  const labelId = `${id}-label`;
  const pretty = formatted(value);
  return (
    <div className="editor">
      <div className="row editor-head">
        <span id={labelId} className="editor-label">
          {label}
        </span>
        <button type="button" onClick={() => pretty !== undefined && onChange(pretty)} disabled={pretty === undefined || pretty === value}>
          Format
        </button>
      </div>
      <CodeEditor
        labelledBy={labelId}
        describedBy={errorsId}
        value={value}
        onChange={onChange}
        violations={syntax ? undefined : violations}
        checkedText={checked?.text ?? ''}
        root={root}
        testId={`${id}-editor`}
      />
      <div id={errorsId} className="editor-errors" aria-live="polite" data-testid={`${id}-errors`}>
        {syntax && (
          <p className="bad">
            Not JSON: {syntax} ({malformed})
          </p>
        )}
        {!syntax && violations && violations.length === 0 && <p className="ok">Matches the schema.</p>}
        {!syntax && violations && violations.length > 0 && (
          <>
            <p className="bad">
              {violations.length} schema {violations.length === 1 ? 'violation' : 'violations'} (you can still send it):
            </p>
            <ViolationList violations={violations} />
          </>
        )}
      </div>
    </div>
  );
};

export const ViolationList = ({ violations, testId }: { readonly violations: readonly VerdictViolation[]; readonly testId?: string }) => (
  <ul className="violations" data-testid={testId}>
    {violations.map((violation, index) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: two violations may share field and rule; the index tells them apart.
      <li key={`${violation.field}-${violation.violatedRule ?? ''}-${index}`}>
        <code className="field">{violation.field}</code> {violation.description}
        {violation.violatedRule && <span className="rule"> {violation.violatedRule}</span>}
        {Object.keys(violation.data).length > 0 && <code className="data"> {JSON.stringify(violation.data)}</code>}
      </li>
    ))}
  </ul>
);
