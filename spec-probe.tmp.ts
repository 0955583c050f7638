import { IN_SCOPE, deref, exampleValue, specDocument, specOperation, splitOperation } from "./tests/api-pix/spec/document";
import { specResponseErrors } from "./tests/api-pix/spec-validator";
const spec = specDocument()!;
for (const op of IN_SCOPE) { const o = specOperation(spec, op); for (const [st, r] of Object.entries<any>(o.responses)) { if (!st.startsWith("2")) continue; for (const ex of Object.values<any>(deref(spec, r).content?.["application/json"]?.examples ?? {})) { const {method, path} = splitOperation(op); const e = specResponseErrors(method, path, Number(st), exampleValue(spec, deref(spec, ex).value)); if (e.length) console.log(op, st, ex.$ref, JSON.stringify(e)); } } }
