// The pages and controls stage, asked before routing: under /__mock/, the mock's sign-in pages (every mode),
// then the mode's controls; a path there that none answers is a 404 naming the mode. Any other path goes on to
// the route stage, without waiting: an API request costs this stage one string comparison.
import { CONTROLS_PREFIX, noSuchControl } from '../../engine/controls';
import { AUTHORIZE_PATH, anyCode, type IssueCode, LOGOUT_PATH, serveOAuthPage } from '../../oauth-pages';
import { answerWith, next, type StageResult } from '../stage-result';
import type { MockPages, MockResponse, TargetedRequest } from '../types';

export interface PagesOptions {
  /** The mode's name, for the 404 of an unknown control. */
  readonly mode: string;
  /** The mode's controls under /__mock/; undefined: not one of them. */
  readonly controls: MockPages;
  /** The code the authorize page grants (default: any code, as Prism accepts every one). */
  readonly issueCode?: IssueCode;
}

/** The answer of a page or control; the request unchanged when it is for the API (without waiting). */
export type PagesStage = (request: TargetedRequest) => StageResult<TargetedRequest> | Promise<StageResult<TargetedRequest>>;

// The sign-in pages live under the controls' prefix: one test tells a page or control from an API path.
if (!AUTHORIZE_PATH.startsWith(CONTROLS_PREFIX) || !LOGOUT_PATH.startsWith(CONTROLS_PREFIX))
  throw new Error(`the sign-in pages must live under ${CONTROLS_PREFIX}`);

export const createPagesStage = ({ mode, controls, issueCode = anyCode }: PagesOptions): PagesStage => {
  const answer = async ({ raw, method, path, search }: TargetedRequest): Promise<MockResponse> =>
    (await serveOAuthPage(method, path, search, raw.requestId, issueCode)) ??
    (await controls(raw, method, path, search)) ??
    noSuchControl(method, path, mode, raw.requestId);
  return (request) => (request.path.startsWith(CONTROLS_PREFIX) ? answer(request).then(answerWith) : next(request));
};
