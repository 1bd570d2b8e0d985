// What the operation form holds (text, as typed) and the saved shape history keeps. Turning it into an init
// needs the operation's parameters: see operation/build-init.ts.
export interface RequestForm {
  /** The named example the form was filled from. */
  readonly example: string | undefined;
  readonly path: Readonly<Record<string, string>>;
  /** Flat query parameters, by the name the spec gives them (`paging.limit`). */
  readonly query: Readonly<Record<string, string>>;
  /** The request message of a `.r` operation, as JSON text. */
  readonly message: string | undefined;
  /** The JSON body as text; undefined when the operation takes none. */
  readonly body: string | undefined;
  /** Headers added to the call, as typed (`{{name}}` allowed in values); older history entries have none. */
  readonly headers?: readonly RequestHeader[];
  /** `Prefer` for the mock: a declared status and one of its named examples. */
  readonly preferCode: string;
  readonly preferExample: string;
}

export interface RequestHeader {
  readonly name: string;
  readonly value: string;
}

/** The `Prefer` header the mock reads: `code=404, example=notFound`. */
export const preferHeader = (form: Pick<RequestForm, 'preferCode' | 'preferExample'>): string | undefined => {
  const parts = [form.preferCode && `code=${form.preferCode}`, form.preferExample && `example=${form.preferExample}`].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : undefined;
};
