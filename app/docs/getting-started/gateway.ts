/** Getting started on the gateway (/api/external): snake_case JSON, `ApiKey` credentials, HMAC-signed POSTs. */
import {
  NODE_SIGN_REQUEST,
  NODE_VERIFY_WEBHOOK,
  PYTHON_SIGN_REQUEST,
  PYTHON_VERIFY_WEBHOOK,
  REQUEST_SIGNING_EXAMPLE as request,
  WEBHOOK_SIGNATURE_EXAMPLE as webhook,
} from "@/server/gateway/signing-example";
import { GET_A_KEY, SETUP } from "./common";
import { code, values } from "./html";

const NODE_CLIENT = `${NODE_SIGN_REQUEST}

const BASE = "http://localhost:3000";
const { CLIENT_ID, CLIENT_SECRET } = process.env;

async function call(method, path, body) {
  const headers = { authorization: \`ApiKey \${CLIENT_ID}:\${CLIENT_SECRET}\`, "content-type": "application/json" };
  const raw = body === undefined ? undefined : JSON.stringify(body);
  if (raw !== undefined) headers.hmac = signRequest(CLIENT_SECRET, raw);
  const res = await fetch(BASE + path, { method, headers, body: raw });
  if (!res.ok) throw new Error(\`\${res.status} \${await res.text()}\`);
  return res.json();
}`;

const PYTHON_CLIENT = `${PYTHON_SIGN_REQUEST}

import os, urllib.request

BASE = "http://localhost:3000"
CLIENT_ID, CLIENT_SECRET = os.environ["CLIENT_ID"], os.environ["CLIENT_SECRET"]

def call(method, path, body=None):
    headers = {"Authorization": f"ApiKey {CLIENT_ID}:{CLIENT_SECRET}", "Content-Type": "application/json"}
    data = None
    if body is not None:
        raw = json.dumps(body)
        headers["hmac"] = sign_request(CLIENT_SECRET, raw)
        data = raw.encode()
    request = urllib.request.Request(BASE + path, data=data, method=method, headers=headers)
    with urllib.request.urlopen(request) as response:
        return json.load(response)`;

/** openssl signs the bytes as given, so the shell examples send bodies already in canonical form. */
const CURL_SIGN = `sign() { printf '%s' "$1" | openssl dgst -sha512 -hmac "$CLIENT_SECRET" | sed 's/^.*= //'; }`;

export const GATEWAY_PAGE = `
<h1>Getting started: the gateway (<code>/api/external</code>)</h1>
<p>snake_case JSON (camelCase with the header <code>X-Key-Case: camelCase</code>), credentials in
<code>Authorization: ApiKey &lt;client_id&gt;:&lt;client_secret&gt;</code>, and every POST signed with an HMAC of its body.
POSTs take an <code>Idempotency-Key</code> header: a retry with the same key gets the first answer back. Every field and
status code is in the <a href="/docs/api">API reference</a>.</p>
${SETUP}

<h2>1. Get a key</h2>
${GET_A_KEY}
<p>The gateway signs with the key's client secret, so a key made with <code>--no-hmac</code> is refused on POSTs
(403).</p>

<h2>2. The first call: your balance</h2>
${code({
  curl: `curl -H "Authorization: ApiKey $CLIENT_ID:$CLIENT_SECRET" "$BASE/api/external/balance"`,
  node: `${NODE_CLIENT}

console.log(await call("GET", "/api/external/balance")); // { balance, blocked_balance, available_balance }`,
  python: `${PYTHON_CLIENT}

print(call("GET", "/api/external/balance"))`,
})}

<h2 id="signing">3. Signing a POST</h2>
<p>Header <code>hmac</code>: the lowercase hex HMAC-SHA512 of the body in <strong>canonical form</strong>, keyed with your
client secret. The canonical form is the body parsed and written back compactly: no spaces, the keys of every object
sorted, numbers in their shortest form (<code>10.50</code> is written <code>10.5</code>), strings as
<code>JSON.stringify</code> writes them. No timestamp is signed; the <code>Idempotency-Key</code> protects against
replays. With <code>X-Key-Case: camelCase</code>, sign the camelCase body as sent.</p>
<h3>A worked example</h3>
${values([
  ["client secret", request.clientSecret],
  ["body as sent", request.body],
  ["canonical form", request.canonical],
  ["hmac header", request.hmac],
])}
<p>The same signature, computed three ways (the Node and Python functions are the ones used by the calls on this page):</p>
${code({
  curl: `CLIENT_SECRET=${request.clientSecret}
printf '%s' '${request.canonical}' | openssl dgst -sha512 -hmac "$CLIENT_SECRET" | sed 's/^.*= //'
# ${request.hmac}`,
  node: `${NODE_SIGN_REQUEST}

console.log(signRequest(${JSON.stringify(request.clientSecret)}, '${request.body}'));
// ${request.hmac}`,
  python: `${PYTHON_SIGN_REQUEST}

print(sign_request(${JSON.stringify(request.clientSecret)}, '${request.body}'))
# ${request.hmac}`,
})}
<p>A wrong or missing signature is a 401 <code>{ "worked": false, "detail": "Invalid HMAC signature" }</code>.</p>

<h2>4. The first charge, paid in the sandbox</h2>
<p>Create a charge with a signed POST; then play the payer with the account surface's sandbox door (the same key, as
HTTP Basic) and read the charge back: it is <code>paid</code>. The dashboard's <strong>Sandbox</strong> page
(<a href="/sandbox"><code>/sandbox</code></a>) can pay it too.</p>
${code({
  curl: `${CURL_SIGN}
BODY='{"amount":10.5,"description":"Pedido 1234"}'
TX_ID=$(curl -s -H "Authorization: ApiKey $CLIENT_ID:$CLIENT_SECRET" -H "Content-Type: application/json" \\
  -H "hmac: $(sign "$BODY")" -H "Idempotency-Key: charge-$(date +%s)" -d "$BODY" \\
  "$BASE/api/external/pix/cash-in" | sed -E 's/.*"tx_id":"([^"]+)".*/\\1/')

curl -u "$CLIENT_ID:$CLIENT_SECRET" -H "Content-Type: application/json" -d '{}' \\
  "$BASE/v4/i/sandbox/pix/in/dynamic-qrcode/$TX_ID/pay"

curl -H "Authorization: ApiKey $CLIENT_ID:$CLIENT_SECRET" "$BASE/api/external/pix/transactions/$TX_ID"   # "status":"paid"`,
  node: `const charge = await call("POST", "/api/external/pix/cash-in", { amount: 10.5, description: "Pedido 1234" });
await fetch(\`\${BASE}/v4/i/sandbox/pix/in/dynamic-qrcode/\${charge.tx_id}/pay\`, {
  method: "POST",
  headers: { authorization: "Basic " + Buffer.from(\`\${CLIENT_ID}:\${CLIENT_SECRET}\`).toString("base64") },
});
console.log((await call("GET", \`/api/external/pix/transactions/\${charge.tx_id}\`)).status); // "paid"`,
  python: `import base64

charge = call("POST", "/api/external/pix/cash-in", {"amount": 10.5, "description": "Pedido 1234"})
basic = base64.b64encode(f"{CLIENT_ID}:{CLIENT_SECRET}".encode()).decode()
urllib.request.urlopen(urllib.request.Request(
    f"{BASE}/v4/i/sandbox/pix/in/dynamic-qrcode/{charge['tx_id']}/pay", data=b"{}", method="POST",
    headers={"Authorization": f"Basic {basic}", "Content-Type": "application/json"}))
print(call("GET", f"/api/external/pix/transactions/{charge['tx_id']}")["status"])  # paid`,
})}

<h2 id="webhooks">5. Webhooks and their signature</h2>
<p>Register a URL (a signed POST); the answer shows the registration's <code>secret</code> once. Every delivery is a POST
with the headers <code>X-Service-Timestamp</code> (Unix seconds), <code>X-Service-Signature</code>
(<code>sha256=</code> and the lowercase hex HMAC-SHA256 of <code>timestamp + "." + raw body</code>, keyed with that
secret), <code>X-Service-Event-Id</code> and <code>X-Service-Event-Type</code>. Check the signature on the raw bytes you
received, before parsing them, compare in constant time, and refuse old timestamps.</p>
${code({
  curl: `${CURL_SIGN}
BODY='{"events":["pix.charge.paid","pix.payout.confirmed"],"url":"https://erp.example.invalid/pix/webhooks"}'
curl -H "Authorization: ApiKey $CLIENT_ID:$CLIENT_SECRET" -H "Content-Type: application/json" \\
  -H "hmac: $(sign "$BODY")" -d "$BODY" "$BASE/api/external/webhooks"   # "secret":"…" (shown once)`,
})}
<h3>A worked example</h3>
${values([
  ["secret", webhook.secret],
  ["X-Service-Timestamp", String(webhook.timestamp)],
  ["raw body", webhook.body],
  ["X-Service-Signature", webhook.signature],
])}
${code({
  curl: `printf '%s' '${webhook.timestamp}.${webhook.body}' | openssl dgst -sha256 -hmac '${webhook.secret}' | sed 's/^.*= /sha256=/'
# ${webhook.signature}`,
  node: `${NODE_VERIFY_WEBHOOK}

// e.g. in an http.createServer handler, with the body read as a string:
// if (!verifyWebhook(process.env.WEBHOOK_SECRET, req.headers, rawBody)) return res.writeHead(401).end();`,
  python: `${PYTHON_VERIFY_WEBHOOK}

# e.g. in Flask: verify_webhook(os.environ["WEBHOOK_SECRET"], request.headers, request.get_data())`,
})}
`;
