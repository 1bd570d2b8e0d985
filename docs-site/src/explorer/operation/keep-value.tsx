// Keeps one value of an answer (picked by its path) as `{{name}}` for the next calls.
import { useMemo, useState } from 'react';
import { leaves, suggestedName, variables } from '../variables';

export const KeepValue = ({ body }: { readonly body: unknown }) => {
  const fields = useMemo(() => leaves(body), [body]);
  const [path, setPath] = useState(fields[0]?.path ?? '');
  const [name, setName] = useState(() => suggestedName(fields[0]?.path ?? ''));
  const [status, setStatus] = useState('');
  if (fields.length === 0) return null;
  const keep = () => {
    const field = fields.find((candidate) => candidate.path === path);
    if (!field) return;
    try {
      variables.set(name, field.value);
      setStatus(`Kept {{${name}}} = ${JSON.stringify(field.value)}: use it in parameters, headers or the body.`);
    } catch (error) {
      setStatus((error as Error).message);
    }
  };
  return (
    <fieldset className="keep-value">
      <legend>Use a value in the next call</legend>
      <div className="row wrap">
        <label>
          Field of the answer
          <select
            value={path}
            onChange={(event) => {
              setPath(event.target.value);
              setName(suggestedName(event.target.value));
            }}
          >
            {fields.map((field) => (
              <option key={field.path} value={field.path}>
                {field.path} = {JSON.stringify(field.value).slice(0, 40)}
              </option>
            ))}
          </select>
        </label>
        <label>
          Keep as
          <input value={name} onChange={(event) => setName(event.target.value.trim())} className="narrow" />
        </label>
        <button type="button" onClick={keep}>
          Keep as {`{{${name}}}`}
        </button>
      </div>
      <p className="status" role="status" data-testid="keep-status">
        {status}
      </p>
    </fieldset>
  );
};
