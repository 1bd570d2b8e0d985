// The values kept from answers, to use as `{{name}}` in the next calls; each can be dropped.
import { useSyncExternalStore } from 'react';
import { variables } from './variables';

export const VariablesPanel = () => {
  const values = useSyncExternalStore(variables.subscribe, variables.get);
  const names = Object.keys(values).sort();
  return (
    <section className="panel" aria-labelledby="variables-title">
      <h2 id="variables-title">Values for the next calls</h2>
      {names.length === 0 ? (
        <p className="muted">
          None kept. Under an answer, pick a field and keep it; then write <code>{'{{name}}'}</code> in a parameter, a header or the body.
        </p>
      ) : (
        <ul className="variables" data-testid="variables">
          {names.map((name) => (
            <li key={name}>
              <code>{`{{${name}}}`}</code> = <code className="value">{JSON.stringify(values[name])}</code>{' '}
              <button type="button" onClick={() => variables.remove(name)} aria-label={`Forget ${name}`}>
                Forget
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
};
