// The bundled documents in dist/: one module per family (`dist/documents-<family>.js`, the document as one JSON
// string, its default export), an entry of the build with no package export. The MSW entry and the
// storefront-mock command both import it, so the package carries each document once.

/** The module's name in dist/, without `.js`. */
export const documentModule = (family: string): string => `documents-${family}`;
