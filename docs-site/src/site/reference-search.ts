// The reference page's search, inlined right after its markup (build/reference-search-box.ts): it answers from the
// operation index written into the page at build time, so it works while Redoc is still parsing, hydrating or
// rendering again for another mock, none of which it waits for. Each result is a plain link to the operation's
// section: Tab or the arrow keys reach it, Enter follows it, and Redoc scrolls there whenever it is ready.
import { matches, type SearchableOperation } from './operation-match';
import { referenceAnchor } from './reference-anchor';
import { SEARCH_IDS } from './reference-search-ids';

const byId = <T extends HTMLElement>(id: string): T | null => document.getElementById(id) as T | null;

const span = (className: string, text: string): HTMLSpanElement => {
  const element = document.createElement('span');
  element.className = className;
  element.textContent = text;
  return element;
};

const resultItem = (entry: SearchableOperation): HTMLLIElement => {
  const link = document.createElement('a');
  link.href = referenceAnchor(entry.tag, entry.operationId);
  const line = span('reference-search-line', '');
  // Redoc's own classes for a method give its colours, light and dark.
  line.append(span(`reference-search-method tag-${entry.method.toLowerCase()}`, entry.method), span('reference-search-path', entry.path));
  link.append(line, span('reference-search-summary', entry.summary), span('reference-search-meta', `${entry.operationId} · ${entry.tag}`));
  const item = document.createElement('li');
  item.append(link);
  return item;
};

const start = (): void => {
  const root = byId<HTMLElement>(SEARCH_IDS.root);
  const input = byId<HTMLInputElement>(SEARCH_IDS.input);
  const status = byId<HTMLElement>(SEARCH_IDS.status);
  const results = byId<HTMLElement>(SEARCH_IDS.results);
  const list = results?.querySelector('ul');
  const none = results?.querySelector<HTMLElement>('[data-no-match]');
  const index = byId<HTMLScriptElement>(SEARCH_IDS.index);
  if (!root || !input || !status || !results || !list || !none || !index) return;
  const operations = JSON.parse(index.textContent ?? '[]') as SearchableOperation[];

  const links = (): HTMLAnchorElement[] => [...list.querySelectorAll('a')];
  const close = (): void => {
    results.hidden = true;
  };
  const show = (): void => {
    const query = input.value.trim();
    if (!query) {
      list.replaceChildren();
      status.textContent = '';
      close();
      return;
    }
    const found = operations.filter((entry) => matches(entry, query));
    list.replaceChildren(...found.map(resultItem));
    none.hidden = found.length > 0;
    none.textContent = `No operation matches “${query}”.`;
    status.textContent =
      found.length === 0 ? none.textContent : `${found.length} ${found.length === 1 ? 'operation matches' : 'operations match'} “${query}”`;
    results.hidden = false;
  };
  const move = (from: HTMLAnchorElement, step: 1 | -1): void => {
    const all = links();
    const next = all[all.indexOf(from) + step];
    if (next) next.focus();
    else if (step === -1) input.focus();
  };

  input.addEventListener('input', show);
  input.addEventListener('focus', () => input.value.trim() && show());
  input.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown' && !results.hidden) {
      event.preventDefault();
      links()[0]?.focus();
    } else if (event.key === 'Enter') {
      event.preventDefault();
      links()[0]?.click();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      input.value = '';
      show();
    }
  });
  results.addEventListener('keydown', (event) => {
    const link = (event.target as Element).closest('a');
    if (!link) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      move(link, event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close();
      input.focus();
    }
  });
  // Redoc scrolls to a section when the address names a new one, but not to the one it last went to once its scroll
  // tracking has moved the address away and back, nor for the hash the address already has: the section (named by
  // the hash) is brought under the bar here too when, once Redoc has had its turn, it is not there.
  const bringIntoView = (hash: string): void => {
    const section = document.querySelector(`[data-section-id="${CSS.escape(hash.slice(1))}"]`);
    if (section && Math.abs(section.getBoundingClientRect().top - root.getBoundingClientRect().bottom) > 2) section.scrollIntoView();
  };
  results.addEventListener('click', (event) => {
    const link = (event.target as Element).closest('a');
    if (!link) return;
    close();
    requestAnimationFrame(() => requestAnimationFrame(() => bringIntoView(link.hash)));
  });
  // The list closes when the focus or a click goes elsewhere on the page.
  root.addEventListener('focusout', (event) => {
    if (!(event.relatedTarget instanceof Node && root.contains(event.relatedTarget))) close();
  });
  // Redoc's shortcut for its search (Ctrl+K, ⌘K on a Mac) and the common `/` bring the reader here instead.
  document.addEventListener('keydown', (event) => {
    const target = event.target as HTMLElement | null;
    const typing = target?.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target?.tagName ?? '');
    const shortcut = ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') || (event.key === '/' && !typing);
    if (!shortcut) return;
    event.preventDefault();
    input.focus();
    input.select();
  });
  if (navigator.userAgent.includes('Mac')) for (const hint of root.querySelectorAll('kbd')) hint.textContent = '⌘K';
  // A query typed (or restored by the browser) before this script ran is answered at once.
  if (document.activeElement === input && input.value.trim()) show();
};

start();
