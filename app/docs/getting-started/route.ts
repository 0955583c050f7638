/** Getting started: where a developer begins, one page per REST surface. */
import { page } from "./html";

export const dynamic = "force-static";

const BODY = `
<h1>Getting started</h1>
<p>The platform has three REST surfaces over the same accounts and the same API keys. Pick the one your system speaks;
each page takes you from a key to a first call, a first charge paid in the sandbox and a checked webhook, with code in
curl, Node and Python.</p>
<ul>
  <li><a href="/docs/getting-started/account"><strong>Account surface</strong> (<code>/v4/i</code>)</a>: camelCase JSON,
  HTTP Basic credentials; accounts, transfers, charges, refunds, MEDs, statements, webhooks and the account programme
  (onboarding, programme accounts and their PIX).</li>
  <li><a href="/docs/getting-started/gateway"><strong>Gateway</strong> (<code>/api/external</code>)</a>: snake_case JSON,
  <code>ApiKey</code> credentials, HMAC-signed POSTs with idempotency keys; charges, payouts, refunds and signed
  webhooks.</li>
  <li><a href="/docs/getting-started/api-pix"><strong>API Pix</strong> (<code>/api/pix/v2</code>)</a>: the Central Bank's
  standard API Pix 2.9, OAuth 2.0 client credentials and RFC 7807 errors; point a client that already speaks it to its
  bank at this platform: charges (<code>cob</code>, <code>loc</code>), PIX received, refunds and webhooks.</li>
</ul>
<p>Every field, limit and status code: the <a href="/docs/api">API reference</a> (its "Authorize" button takes the same
key). No code at all: in the dashboard, the <strong>Sandbox</strong> page (<a href="/sandbox"><code>/sandbox</code></a>,
in the menu while <code>PIX_RAIL=sandbox</code>) plays the other banks for you: it pays your pending charges, sends PIX
to your accounts and keys, opens MEDs on PIX you received and returns PIX you sent, with your balances moving on the
same page.</p>
`;

export function GET() {
  return page("Getting started", BODY);
}
