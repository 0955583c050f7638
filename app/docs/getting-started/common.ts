/** What both getting-started pages say the same way: the shell set-up and getting a key. */
import { code } from "./html";

export const SETUP = `
<div class="note">The examples talk to a development server on <code>http://localhost:3000</code>
(<code>npm run dev</code>) and its demo account <code>100000000001</code>. The shell examples read these variables:
${code({
  curl: `export BASE=http://localhost:3000
export ACCOUNT_ID=100000000001
export CLIENT_ID=cli_…          # your key's client id
export CLIENT_SECRET=…          # and its secret, shown once`,
})}
</div>`;

export const GET_A_KEY = `
<p>An API key is a client id (<code>cli_</code> and 32 hex digits) and a secret shown only once; the same key works
on both REST surfaces, within its scopes (e.g. <code>balance:read</code>, <code>pix_in:write</code>) and, when it has
one, its IP allowlist.</p>
<ul>
  <li><strong>Development:</strong> <code>npm run dev</code> prints the demo merchant's account id, client id and
  secret (a key with every scope), and keeps them in <code>.data/demo-credentials.json</code>.</li>
  <li><strong>Dashboard:</strong> sign in as the merchant, open <em>API keys</em>, create a key with the scopes it
  needs and copy the secret before closing the dialog.</li>
  <li><strong>Operator CLI:</strong>
  <code>npm run cli -- apikey create --email merchant@example.invalid --scope balance:read --scope pix_in:write --json</code>
  (every scope when <code>--scope</code> is left out; <code>--no-hmac</code> makes a key that cannot sign gateway POSTs).</li>
</ul>`;
