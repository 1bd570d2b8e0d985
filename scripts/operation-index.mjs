// Writes the route table the runtime and the mock read: every operation's id, method and wire path, plus its
// long-GET fallback twin (x-fallback) and the paging style of its request.
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

const pagingOf = (operation) => {
  const text = JSON.stringify(operation.parameters ?? []) + JSON.stringify(operation.requestBody ?? {});
  if (text.includes('CursorPaging') || text.includes('cursorPaging')) return 'cursor';
  if (text.includes('/Paging"') || text.includes('paging.offset')) return 'offset';
  return undefined;
};

export const operationIndex = (doc) => {
  const entries = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const entry = { operationId: operation.operationId, method: method.toUpperCase(), path };
      if (operation['x-fallback']?.operationId) entry.fallback = operation['x-fallback'].operationId;
      const paging = pagingOf(operation);
      if (paging) entry.paging = paging;
      entries.push(entry);
    }
  }
  entries.sort((a, b) => a.operationId.localeCompare(b.operationId));
  const lines = entries.map((entry) => `  ${JSON.stringify(entry)},`).join('\n');
  return `export const operations = [\n${lines}\n] as const;\n`;
};
