/**
 * POST /api/admin/kyb/lists: a screening list file from the back office, as multipart/form-data
 * with `kind` (pep | sanctions) and `file` (docs/decisions/0060-kyb-screening.md). Administrators
 * only. A declared Content-Length over the limit is refused unread, and the body is counted while
 * it is read; server/kyb/lists.ts then sniffs the file as text, reads every row, loads them as the
 * list's new version (audit-logged) and screens every company again, as the CLI does. Refusals
 * are in the reader's language; nothing is loaded on any of them.
 */
import { requestLocale } from "@/i18n/request-locale";
import { withSession } from "@/server/auth/with-session";
import { db } from "@/server/db/client";
import { readWithin } from "@/server/http/body-limit";
import { LIST_KINDS, loadList, MAX_LIST_BYTES } from "@/server/kyb/lists";
import { doorRefusal, localisedRefusal } from "@/server/kyb/refusals";
import type { ListKind } from "@/server/kyb/score";

export const dynamic = "force-dynamic";

/** The file and the form's own bytes around it (boundaries, headers, the kind). */
const MAX_BODY_BYTES = MAX_LIST_BYTES + 64 * 1024;

async function formOf(request: Request, body: Uint8Array<ArrayBuffer>): Promise<FormData | null> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data")) return null;
  try {
    return await new Response(body, { headers: { "content-type": type } }).formData();
  } catch {
    return null;
  }
}

export const POST = withSession(
  async ({ request, session }) => {
    const locale = requestLocale(request);
    try {
      const body = await readWithin(request, MAX_BODY_BYTES);
      if (body === "too-large") throw doorRefusal("PAYLOAD_TOO_LARGE", "tooLarge", locale);
      const form = await formOf(request, body);
      if (!form) throw doorRefusal("VALIDATION_ERROR", "notMultipart", locale);
      const kind = form.get("kind");
      if (typeof kind !== "string" || !(LIST_KINDS as readonly string[]).includes(kind)) {
        throw doorRefusal("VALIDATION_ERROR", "kind", locale);
      }
      const file = form.get("file");
      if (!(file instanceof File)) throw doorRefusal("VALIDATION_ERROR", "noFile", locale);
      const { list, rescreen } = await loadList(db(), {
        kind: kind as ListKind,
        fileName: file.name || `${kind}.csv`,
        bytes: new Uint8Array(await file.arrayBuffer()),
        actor: { userId: session.user.id, email: session.user.email },
      });
      return Response.json(
        {
          list: {
            id: list.id,
            kind: list.kind,
            version: list.version,
            rowCount: list.rowCount,
            fileName: list.fileName,
          },
          rescreen,
        },
        { status: 201 },
      );
    } catch (error) {
      throw localisedRefusal(error, locale);
    }
  },
  { admin: true },
);
