// JSON edited as text, checked as it is typed: first that it parses, then against the schema (Ajv, through the
// shared spec reader), each violation by field. Sending stays possible with schema errors: the mock's own
// verdict is part of what the explorer shows.
import { useDeferredValue, useEffect, useState } from 'react';
import type { JsonObject } from '../../../../spec-model/json';
import type { FieldViolation } from '../../../../src/index';
import { jsonProblem } from './build-init';
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
}

export const JsonEditor = ({ id, label, value, onChange, schema, check, root }: JsonEditorProps) => {
  const deferred = useDeferredValue(value);
  const [violations, setViolations] = useState<readonly FieldViolation[] | undefined>();
  const syntax = deferred.trim() === '' ? undefined : jsonProblem(deferred);

  useEffect(() => {
    let current = true;
    if (!schema || syntax || deferred.trim() === '') {
      setViolations(undefined);
      return;
    }
    void check.then((validate) => {
      if (current) setViolations(validate(schema, JSON.parse(deferred), root));
    });
    return () => {
      current = false;
    };
  }, [check, deferred, root, schema, syntax]);

  const errorsId = `${id}-errors`;
  const lines = Math.min(24, Math.max(4, value.split('\n').length + 1));
  return (
    <div className="editor">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        value={value}
        rows={lines}
        spellCheck={false}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={errorsId}
        aria-invalid={Boolean(syntax) || (violations?.length ?? 0) > 0}
      />
      <div id={errorsId} className="editor-errors" aria-live="polite" data-testid={`${id}-errors`}>
        {syntax && <p className="bad">Not JSON: {syntax}</p>}
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
      </li>
    ))}
  </ul>
);
