/** Getting started on the account surface (/v4/i): camelCase JSON, HTTP Basic credentials. */

import { NODE_VERIFY_WEBHOOK, PYTHON_VERIFY_WEBHOOK } from "@/server/gateway/signing-example";
import { GET_A_KEY, SETUP } from "./common";
import { code } from "./html";

const NODE_CLIENT = `
// Node 18 or later (fetch is built in). CLIENT_ID and CLIENT_SECRET come from the environment.
const BASE = "http://localhost:3000";
const AUTH = "Basic " + Buffer.from(\`\${process.env.CLIENT_ID}:\${process.env.CLIENT_SECRET}\`).toString("base64");

async function call(method, path, body) {
  const res = await fetch(BASE + path, {
    method,
    headers: { authorization: AUTH, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(\`\${res.status} \${await res.text()}\`);
  return res.json();
}`;

const PYTHON_CLIENT = `
# Python 3, standard library only. CLIENT_ID and CLIENT_SECRET come from the environment.
import base64, json, os, urllib.request

BASE = "http://localhost:3000"
AUTH = "Basic " + base64.b64encode(f"{os.environ['CLIENT_ID']}:{os.environ['CLIENT_SECRET']}".encode()).decode()

def call(method, path, body=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(BASE + path, data=data, method=method,
                                     headers={"Authorization": AUTH, "Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        return json.load(response)`;

export const ACCOUNT_PAGE = `
<h1>Getting started: the account surface (<code>/v4/i</code>)</h1>
<p>camelCase JSON, HTTP Basic credentials (<code>clientId:clientSecret</code>), every answer in an envelope
<code>{ requestId, success, size, data }</code>. Every field, limit and status code is in the
<a href="/docs/api">API reference</a>.</p>
${SETUP}

<h2>1. Get a key</h2>
${GET_A_KEY}

<h2>2. The first call: your balance</h2>
${code({
  curl: `curl -u "$CLIENT_ID:$CLIENT_SECRET" "$BASE/v4/i/bank-accounts/$ACCOUNT_ID/balance"`,
  node: `${NODE_CLIENT}

const { data } = await call("GET", "/v4/i/bank-accounts/100000000001/balance");
console.log(data.availableBalance); // BRL, e.g. 1500`,
  python: `${PYTHON_CLIENT}

print(call("GET", "/v4/i/bank-accounts/100000000001/balance")["data"]["availableBalance"])`,
})}
<p>Amounts are BRL numbers with at most two decimals (<code>10.5</code> is R$ 10,50).</p>

<h2>3. The first charge, paid in the sandbox</h2>
<p>Create a dynamic QR charge; its <code>emv</code> is the copy-and-paste code a payer's bank reads. In the sandbox
(<code>PIX_MODE=sandbox</code>, the default outside production) you play the payer with
<code>POST /v4/i/sandbox/pix/in/dynamic-qrcode/{txId}/pay</code>; the charge is then <code>paid</code> and the money is
in your balance. The dashboard's <strong>Sandbox</strong> page (<a href="/sandbox"><code>/sandbox</code></a>) does the
same with a click.</p>
${code({
  curl: `TX_ID=$(curl -s -u "$CLIENT_ID:$CLIENT_SECRET" -H "Content-Type: application/json" \\
  -d "{\\"accountId\\":\\"$ACCOUNT_ID\\",\\"amount\\":10.5,\\"description\\":\\"Pedido 1234\\"}" \\
  "$BASE/v4/i/pix/in/dynamic-qrcode" | sed -E 's/.*"txId":"([^"]+)".*/\\1/')

curl -u "$CLIENT_ID:$CLIENT_SECRET" -H "Content-Type: application/json" -d '{}' \\
  "$BASE/v4/i/sandbox/pix/in/dynamic-qrcode/$TX_ID/pay"

curl -u "$CLIENT_ID:$CLIENT_SECRET" "$BASE/v4/i/pix/in/dynamic-qrcode/$TX_ID"   # "status":"paid"`,
  node: `const charge = await call("POST", "/v4/i/pix/in/dynamic-qrcode", {
  accountId: "100000000001",
  amount: 10.5,
  description: "Pedido 1234",
});
await call("POST", \`/v4/i/sandbox/pix/in/dynamic-qrcode/\${charge.data.txId}/pay\`, {});
const paid = await call("GET", \`/v4/i/pix/in/dynamic-qrcode/\${charge.data.txId}\`);
console.log(paid.data.status); // "paid"`,
  python: `charge = call("POST", "/v4/i/pix/in/dynamic-qrcode",
              {"accountId": "100000000001", "amount": 10.5, "description": "Pedido 1234"})
tx_id = charge["data"]["txId"]
call("POST", f"/v4/i/sandbox/pix/in/dynamic-qrcode/{tx_id}/pay", {})
print(call("GET", f"/v4/i/pix/in/dynamic-qrcode/{tx_id}")["data"]["status"])  # paid`,
})}
<p>Other sandbox doors, all on your own accounts: <code>POST /v4/i/sandbox/pix/in/credit</code> (a PIX received by key),
<code>POST /v4/i/sandbox/pix/out/{endToEndId}/return</code> (the receiver returns your payment) and
<code>POST /v4/i/sandbox/meds</code> (a payer's bank opens a MED); the Sandbox page does each of them too. Keys ending in <code>@fail.sandbox</code>
(<code>ab03@fail.sandbox</code>, …) make a payout fail with that reason code.</p>
<p>Every charge answer carries <code>paymentPageUrl</code>: a public page (<code>/c/{publicId}</code>) to send the payer, with
the amount, the QR code, the code to copy and a status that turns to paid with a receipt by itself. For a link many payers
can use, <code>POST /v4/i/payment-links</code> with <code>{"accountId", "description", "amount"}</code> (or
<code>minAmount</code> and <code>maxAmount</code>; optional <code>expiresAt</code>, <code>maxPayments</code>,
<code>payerFields</code>): its <code>url</code> (<code>/l/{id}</code>) gives each visitor a charge of their own.
<code>GET /v4/i/payment-links</code> lists your links with <code>paymentsCount</code> and <code>totalReceived</code>;
<code>POST /v4/i/payment-links/{id}/deactivate</code> stops one.</p>

<h2>4. Webhooks, and checking that a delivery is yours</h2>
<p>Register a URL for the events you want. The answer carries the registration's signing <code>secret</code>
once: keep it. Each delivery is a POST signed the same way as the gateway's: <code>X-Service-Timestamp</code> (seconds)
and <code>X-Service-Signature</code> = <code>sha256=</code> HMAC-SHA256 of <code>timestamp.rawBody</code> keyed with that
secret (a worked example is on <a href="/docs/getting-started/gateway#webhooks">the gateway's page</a>). The
<code>authHeader</code> you registered comes back as the <code>Authorization</code> header too. Check the signature on the
raw body, refuse old timestamps, and answer 2xx quickly; a delivery that fails is retried.</p>
${code({
  curl: `curl -u "$CLIENT_ID:$CLIENT_SECRET" -H "Content-Type: application/json" \\
  -d '{"event":["pix_in:qrcode_paid","pix_in:credited"],"targetUrl":"https://erp.example.invalid/pix/webhooks","authHeader":"Bearer erp-webhook-token"}' \\
  "$BASE/v4/i/webhooks/config"   # the answer's data.secret is shown only now`,
  node: NODE_VERIFY_WEBHOOK,
  python: PYTHON_VERIFY_WEBHOOK,
})}
<p>A delivery's body names the event and the object: <code>{ webhookId, userId, accountId, event, object }</code>.
Target URLs must be https and must not resolve to private addresses (a development server started with
<code>npm run dev</code> allows localhost).</p>
`;
