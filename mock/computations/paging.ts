// The two paging styles of the API. Offset: `{ limit, offset }`, 50 by default. Cursor: `{ limit, cursor }`,
// where the cursor carries the offset and the query it belongs to, so a next page needs only the cursor.
import { DEFAULT_PAGE_SIZE, decodeBase64UrlText, encodeBase64UrlText } from '../../src/protocol';
import { invalidField } from '../engine/failure';
import type { Filter, SortSpec } from './query-language';

export interface OffsetPage<T> {
  readonly items: T[];
  readonly offset: number;
  readonly total: number;
}

export const offsetPage = <T>(
  records: readonly T[],
  paging: { readonly limit?: number; readonly offset?: number } | undefined,
): OffsetPage<T> => {
  const limit = paging?.limit ?? DEFAULT_PAGE_SIZE;
  const offset = paging?.offset ?? 0;
  return { items: records.slice(offset, offset + limit), offset, total: records.length };
};

interface CursorState {
  readonly offset: number;
  readonly filter?: Filter;
  readonly sort?: readonly SortSpec[];
}

const encode = (state: CursorState): string => encodeBase64UrlText(JSON.stringify(state));

const decode = (cursor: string, field: string): CursorState => {
  try {
    const text = decodeBase64UrlText(cursor);
    if (text === undefined) throw new Error('base64url');
    const state = JSON.parse(text) as CursorState;
    if (!Number.isInteger(state.offset) || state.offset < 0) throw new Error('offset');
    return state;
  } catch {
    throw invalidField(field, 'is not a cursor this mock issued', 'FORMAT');
  }
};

/** The query a cursor request stands for: the cursor's own when one is sent, else the request's. */
export const cursorQuery = (
  request:
    | {
        readonly filter?: Filter;
        readonly sort?: readonly SortSpec[];
        readonly cursorPaging?: { readonly cursor?: string; readonly limit?: number };
      }
    | undefined,
  field = 'query.cursorPaging.cursor',
): { readonly filter?: Filter; readonly sort?: readonly SortSpec[]; readonly offset: number; readonly limit: number } => {
  const limit = request?.cursorPaging?.limit ?? DEFAULT_PAGE_SIZE;
  const cursor = request?.cursorPaging?.cursor;
  if (cursor) {
    const state = decode(cursor, field);
    return { ...(state.filter && { filter: state.filter }), ...(state.sort && { sort: state.sort }), offset: state.offset, limit };
  }
  return { ...(request?.filter && { filter: request.filter }), ...(request?.sort && { sort: request.sort }), offset: 0, limit };
};

export interface CursorPage<T> {
  readonly items: T[];
  readonly cursors: { next?: string; prev?: string };
  readonly hasNext: boolean;
}

/** One page of already filtered and sorted records, with cursors to the next and previous pages. */
export const cursorPage = <T>(
  records: readonly T[],
  at: { readonly filter?: Filter; readonly sort?: readonly SortSpec[]; readonly offset: number; readonly limit: number },
): CursorPage<T> => {
  const items = records.slice(at.offset, at.offset + at.limit);
  const hasNext = at.offset + at.limit < records.length;
  const carry = { ...(at.filter && { filter: at.filter }), ...(at.sort && { sort: at.sort }) };
  return {
    items,
    hasNext,
    cursors: {
      ...(hasNext && { next: encode({ offset: at.offset + at.limit, ...carry }) }),
      ...(at.offset > 0 && { prev: encode({ offset: Math.max(0, at.offset - at.limit), ...carry }) }),
    },
  };
};
