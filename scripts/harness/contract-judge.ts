// The contract's verdict on one answer of an operation, as a client reads it: a 5xx is the mock's failure, the
// status must be one the operation declares, and an application error's code one the operation declares for
// that status. The fuzz and the property suite judge every answer with it.

import { declaredCodes } from '../../spec-model/declared-codes';
import type { Operation } from '../../spec-model/document';
import { declaredResponse } from '../../spec-model/responses';

export type AnswerVerdict =
  | { readonly kind: 'kept' }
  | { readonly kind: 'server-error'; readonly code: string | undefined }
  | { readonly kind: 'undeclared-status'; readonly code: string | undefined }
  | { readonly kind: 'undeclared-code'; readonly code: string; readonly declared: readonly string[] };

const codeOf = (text: string): string | undefined => {
  try {
    const body = JSON.parse(text) as { details?: { applicationError?: { code?: unknown } } };
    const code = body?.details?.applicationError?.code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
};

/** The verdict on an answer `operation` gave with `status` and body `text`. */
export const judgeAnswer = (operation: Operation, status: number, text: string): AnswerVerdict => {
  const code = status >= 400 ? codeOf(text) : undefined;
  if (status >= 500) return { kind: 'server-error', code };
  if (!declaredResponse(operation, status)) return { kind: 'undeclared-status', code };
  if (code === undefined) return { kind: 'kept' };
  const declared = declaredCodes(operation, status) ?? [];
  return declared.includes(code) ? { kind: 'kept' } : { kind: 'undeclared-code', code, declared };
};
