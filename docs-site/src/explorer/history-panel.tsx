// The calls sent from this browser, newest first; each can be opened again as it was sent, or replayed.
import { clearHistory, useHistory } from './history';
import { operationHref } from './routing';

interface HistoryPanelProps {
  readonly onReplay: (entryId: string, send: boolean) => void;
}

export const HistoryPanel = ({ onReplay }: HistoryPanelProps) => {
  const entries = useHistory();
  return (
    <section className="panel" aria-labelledby="history-title">
      <h2 id="history-title">History</h2>
      {entries.length === 0 ? (
        <p className="muted">Calls you send are kept here, in this browser.</p>
      ) : (
        <>
          <ol className="history" data-testid="history">
            {entries.map((entry) => (
              <li key={entry.id}>
                <a href={operationHref(entry.operationId)} onClick={() => onReplay(entry.id, false)}>
                  <span className={`method method-${entry.method.toLowerCase()}`}>{entry.method}</span> {entry.operationId}
                </a>
                <span className={entry.status >= 200 && entry.status < 400 ? 'ok' : 'bad'}> {entry.status || 'no answer'}</span>
                <span className="muted">
                  {' '}
                  {entry.durationMs} ms · {entry.role} · {entry.contractOk ? 'matches contract' : 'contract violated'}
                </span>{' '}
                <button
                  type="button"
                  className="small"
                  onClick={() => onReplay(entry.id, true)}
                  aria-label={`Replay ${entry.operationId} sent at ${entry.at}`}
                >
                  Replay
                </button>
              </li>
            ))}
          </ol>
          <button type="button" className="small" onClick={clearHistory}>
            Clear history
          </button>
        </>
      )}
    </section>
  );
};
