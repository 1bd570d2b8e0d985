// The body stage: an operation that takes a JSON body gets it parsed, bounded in depth (see parse-json.ts); a
// body of another content type is a 415, malformed JSON a 400, a body of blanks none at all. A body sent to an operation that takes none is
// not read at all.
import { isJsonMediaType } from '../../../src/protocol';
import { applicationFailure } from '../../errors/platform-error';
import { parseJsonText } from '../parse-json';
import { answerWith, enrich, next, type StageResult } from '../stage-result';
import type { IdentifiedRequest, ParsedRequest } from '../types';

const utf8 = new TextDecoder('utf-8');

export const readJsonBody = (request: IdentifiedRequest): StageResult<ParsedRequest> => {
  const { raw, contract } = request;
  let body: unknown;
  // Only blanks is no body at all: the empty message, as a client that sent nothing.
  const text = contract?.body && raw.body.length > 0 ? utf8.decode(raw.body) : '';
  if (text.trim() !== '') {
    const type = raw.headers['content-type'];
    if (type !== undefined && !isJsonMediaType(type)) {
      return answerWith(
        applicationFailure(
          { status: 415, description: `${request.operation.operationId} takes application/json, not ${type.slice(0, 100)}` },
          raw.requestId,
        ),
      );
    }
    const parsed = parseJsonText(text);
    if (!parsed.ok)
      return answerWith(
        applicationFailure({ status: 400, code: 'INVALID_ARGUMENT', description: `The request body ${parsed.reason}` }, raw.requestId),
      );
    body = parsed.value;
  }
  return next(enrich(request, { body }));
};
