// Where Redoc puts an operation in a reference page: it routes by the slug of the operation's first tag and its
// operationId in lower case (`#/current-cart/addtocurrentcart`). The explorer's links into the reference and the
// reference's own search both point there.

/** The hash of an operation's section in its family's reference page. */
export const referenceAnchor = (tag: string, operationId: string): string => {
  const slug = tag
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `#/${slug}/${operationId.toLowerCase()}`;
};
