// The verdict of the mock's proxy mode on an answer, when the explorer talks to a proxy in front of a real API:
// the proxy checked the upstream's exchange against the contract and said so in one header (`ok`, or the count
// and the first violation; the full list is under its /__mock/violations). Shown beside the explorer's own
// verdict; nothing when the header is absent (any other mode, or a base URL that is no proxy).
import type { WireExchange } from '../connection';

/** The header the proxy writes its verdict in (mock/proxy/verdict-header.ts). */
export const PROXY_VERDICT_HEADER = 'x-mock-contract';

export const proxyVerdictOf = (exchange: WireExchange | undefined): string | undefined =>
  exchange?.responseHeaders.find(([name]) => name.toLowerCase() === PROXY_VERDICT_HEADER)?.[1];

export const ProxyVerdict = ({ exchange }: { readonly exchange: WireExchange | undefined }) => {
  const verdict = proxyVerdictOf(exchange);
  if (verdict === undefined) return null;
  const ok = verdict === 'ok';
  return (
    <div className={ok ? 'verdict ok' : 'verdict bad'} data-testid="proxy-verdict">
      <p>
        <strong>
          {ok ? '✓ The proxy found the exchange within the contract' : '✗ The proxy found the exchange breaking the contract'}
        </strong>
        {ok ? '.' : ':'}
      </p>
      {!ok && <p className="muted">{verdict}</p>}
    </div>
  );
};
