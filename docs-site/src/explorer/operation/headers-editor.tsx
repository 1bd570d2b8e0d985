// Headers added to a call, one row each; values may use `{{name}}`. Authorization comes from the Auth panel and
// x-mock-session from the Mock session panel: the runtime sets those last.
import type { RequestHeader } from '../request-form';

interface HeadersEditorProps {
  readonly headers: readonly RequestHeader[];
  readonly onChange: (headers: readonly RequestHeader[]) => void;
}

export const HeadersEditor = ({ headers, onChange }: HeadersEditorProps) => {
  const change = (index: number, patch: Partial<RequestHeader>) =>
    onChange(headers.map((header, at) => (at === index ? { ...header, ...patch } : header)));
  return (
    <fieldset className="headers-editor">
      <legend>Headers</legend>
      {headers.length === 0 && <p className="muted">None added. Authorization and the mock session are set by the panels on the right.</p>}
      {headers.map((header, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place; names may repeat while typed.
        <div className="row" key={index}>
          <label>
            Header name {index + 1}
            <input value={header.name} onChange={(event) => change(index, { name: event.target.value })} placeholder="x-custom" />
          </label>
          <label>
            Header value {index + 1}
            <input
              value={header.value}
              onChange={(event) => change(index, { value: event.target.value })}
              placeholder="value or {{name}}"
            />
          </label>
          <button type="button" onClick={() => onChange(headers.filter((_, at) => at !== index))} aria-label={`Remove header ${index + 1}`}>
            Remove
          </button>
        </div>
      ))}
      <button type="button" onClick={() => onChange([...headers, { name: '', value: '' }])}>
        Add a header
      </button>
    </fieldset>
  );
};
