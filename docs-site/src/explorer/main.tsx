import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { resolveSiteMock, SITE_CONFIG_FILE } from '../site/site-mock';
import { App } from './app';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('The explorer page has no #root element');
// The mock the site was opened for: one small local read before the first render.
const site = await resolveSiteMock(location.search, `../${SITE_CONFIG_FILE}`);
createRoot(root).render(
  <StrictMode>
    <App siteMock={site.from === 'default' ? undefined : site.mockUrl} />
  </StrictMode>,
);
