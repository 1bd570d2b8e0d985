// What the explorer shows before an operation is picked: what it does and the first thing to try.
import { operationHref } from './routing';

export const FIRST_OPERATION = 'listRecommendationAlgorithms';

export const Welcome = ({ mockUrl }: { readonly mockUrl: string }) => (
  <section className="welcome" aria-labelledby="welcome-title">
    <h2 id="welcome-title">Try the API against the mock</h2>
    <p>
      Pick an operation on the left. Its parameters and body come pre-filled from the spec's named examples; every call goes through the
      package's own operation functions, and every answer gets a <strong>contract verdict</strong>: the body checked against the operation's
      schema for that status, violations listed by field.
    </p>
    <p>
      Calls go to the mock at <code>{mockUrl}</code> (start it with <code>npm start</code>). Shopper calls carry a visitor token obtained
      automatically; sign in as a member or switch to the merchant API key on the right.
    </p>
    <p>
      First thing to try: <a href={operationHref(FIRST_OPERATION)}>GET /v1/recommendations/algorithms</a>, then press <kbd>Send</kbd>.
    </p>
  </section>
);
