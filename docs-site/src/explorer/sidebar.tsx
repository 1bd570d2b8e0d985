// Every operation of both families, grouped by family and tag, searchable by method, path, operationId, summary
// and tag. Plain links: the keyboard reaches each one with Tab and opens it with Enter. A search that matches
// nothing says so, and one press (the button, or Escape in the field) clears it.
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { matches } from '../site/operation-match';
import { groupOperations, OPERATIONS } from './operation-index';
import { operationHref } from './routing';

export const Sidebar = ({ current }: { readonly current: string | undefined }) => {
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const groups = useMemo(() => groupOperations(OPERATIONS.filter((entry) => matches(entry, deferred))), [deferred]);
  const count = groups.reduce((sum, group) => sum + group.operations.length, 0);
  // The open operation stays in sight in the list, however it was opened (deep link, history, reference).
  useEffect(() => {
    if (current) document.querySelector(`.sidebar a[data-operation-id="${CSS.escape(current)}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [current]);
  return (
    <>
      <div className="search">
        <label htmlFor="operation-search">Search operations</label>
        <div className="row">
          <input
            id="operation-search"
            type="search"
            placeholder="path, operationId or summary"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            onKeyDown={(event) => event.key === 'Escape' && setSearch('')}
            aria-describedby="operation-count"
          />
          {search !== '' && (
            <button type="button" onClick={() => setSearch('')}>
              Clear
            </button>
          )}
        </div>
        <p id="operation-count" className="muted" aria-live="polite">
          {search === '' ? `${OPERATIONS.length} operations` : `${count} of ${OPERATIONS.length} operations match “${search}”`}
        </p>
      </div>
      {count === 0 && (
        <p className="notice" data-testid="no-matches">
          No operation matches “{deferred}”.{' '}
          <button type="button" onClick={() => setSearch('')}>
            Clear the search
          </button>
        </p>
      )}
      {groups.map((group) => (
        <section key={group.key} className="group" aria-labelledby={`group-${group.key}`}>
          <h2 id={`group-${group.key}`}>
            <span className="family">{group.family}</span> {group.tag}
          </h2>
          <ul>
            {group.operations.map((entry) => (
              <li key={entry.operationId}>
                <a
                  href={operationHref(entry.operationId)}
                  aria-current={entry.operationId === current ? 'page' : undefined}
                  data-operation-id={entry.operationId}
                >
                  <span className={`method method-${entry.method.toLowerCase()}`}>{entry.method}</span>
                  <span className="op-text">
                    <span className="op-path">{entry.path}</span>
                    <span className="op-summary">{entry.summary}</span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
};
