// Hash routes, so the explorer works from any static host: `#/operation/<operationId>` opens one operation.
import { useEffect, useState } from 'react';
import { referenceAnchor } from '../site/reference-anchor';
import { mockFromAddress, withMock } from '../site/site-mock';

export type Route = { readonly name: 'home' } | { readonly name: 'operation'; readonly operationId: string };

export const parseRoute = (hash: string): Route => {
  const match = /^#\/operation\/([^/?#]+)/.exec(hash);
  return match?.[1] ? { name: 'operation', operationId: decodeURIComponent(match[1]) } : { name: 'home' };
};

export const operationHref = (operationId: string): string => `#/operation/${encodeURIComponent(operationId)}`;

export const useRoute = (): Route => {
  const [route, setRoute] = useState(() => parseRoute(location.hash));
  useEffect(() => {
    const onChange = () => setRoute(parseRoute(location.hash));
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  return route;
};

/** A link to another page of the site, carrying on the `?mock=` this page was opened with. */
export const siteHref = (href: string): string => {
  const mock = mockFromAddress(location.search);
  return mock ? withMock(href, mock) : href;
};

/** An operation's section in its family's Redoc reference. */
export const referenceHref = (family: string, tag: string, operationId: string): string =>
  siteHref(`../reference/${family}.html${referenceAnchor(tag, operationId)}`);
