/**
 * Account-programme onboarding on the account surface (interface 4.5; docs/contract.md,
 * "Account programme"), the hourly limits of interface 8 and the sandbox's kept e-mails.
 */
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { config } from "../../config";
import { db } from "../../db/client";
import type { ErrorCode } from "../../errors";
import { Uuid } from "../../fields/ids";
import { fromQuery, Page, PageSize } from "../../fields/paging";
import { jsonBody } from "../../http/openapi-body";
import { limiterFor } from "../../http/rate-limit";
import { keptEmails } from "../../mail/send";
import {
  DocumentTypeField,
  Email,
  OnboardingStatusField,
  PersonTypeField,
  ProposalRequest,
} from "../../onboarding/schema";
import {
  createProposal,
  listProposals,
  ownedProposal,
  resendVerification,
  uploadDocuments,
} from "../../onboarding/service";
import { proposalView } from "../../onboarding/view";
import { uploadFileMaxMegabytes } from "../../uploads/file-rules";
import type { AccountApiEnv } from "../context";
import { envelope, errorResponse, paginationOf } from "../envelope";
import { accountRoutes } from "../route";
import { envelopeResponse } from "../schemas";
import { readUpload } from "./onboarding-upload";

export const UPLOAD_PATH = /^\/v4\/i\/baas\/onboarding\/[^/]+\/documents\/upload\/?$/;

/** An hourly per-key limit of interface 8, answered with its own 7.2 code. */
function hourlyLimit(name: string, limitOf: () => number, code: ErrorCode, message: string) {
  return createMiddleware<AccountApiEnv>(async (c, next) => {
    if (!config().RATE_LIMITS_ENABLED) return next();
    const { allowed, state } = await limiterFor(name, limitOf(), 3600).consume(c.get("apiKey").id);
    const shown = Number(c.res.headers.get("X-RateLimit-Remaining") ?? Number.POSITIVE_INFINITY);
    if (!allowed || state.remaining < shown) {
      c.header("X-RateLimit-Limit", String(state.limit));
      c.header("X-RateLimit-Remaining", String(state.remaining));
      c.header("X-RateLimit-Reset", String(state.resetAt));
    }
    if (!allowed) {
      c.header("Retry-After", String(state.retryAfter));
      return errorResponse(c, 429, code, message);
    }
    await next();
  });
}

const proposalLimit = hourlyLimit(
  "v4:baas:proposals",
  () => config().ONBOARDING_PROPOSALS_PER_HOUR,
  "BAAS_RATE_LIMIT",
  "Too many onboarding proposals: try again later",
);
/** Resends: a window of their own, the size of the proposals' (each sends an e-mail). */
const resendLimit = hourlyLimit(
  "v4:baas:resends",
  () => config().ONBOARDING_PROPOSALS_PER_HOUR,
  "BAAS_RATE_LIMIT",
  "Too many verification e-mails: try again later",
);
const statusLimit = hourlyLimit(
  "v4:baas:status",
  () => config().ONBOARDING_STATUS_PER_HOUR,
  "RATE_LIMIT",
  "Too many onboarding status queries: try again later",
);
const uploadLimit = hourlyLimit(
  "v4:baas:uploads",
  () => config().ONBOARDING_UPLOADS_PER_HOUR,
  "BAAS_RATE_LIMIT",
  "Too many document uploads: try again later",
);

const ProposalSchema = z
  .object({
    userId: z.string().uuid(),
    status: OnboardingStatusField,
    personType: PersonTypeField,
    name: z.string(),
    document: z.string().openapi({ description: "Masked CPF/CNPJ", example: "***.456.789-**" }),
    email: z.string(),
    phone: z.string(),
    birthDate: z.string().nullable(),
    address: z.record(z.string(), z.string()).nullable(),
    documents: z.array(
      z.object({ documentType: DocumentTypeField, files: z.array(z.string()), uploadedAt: z.number().int() }),
    ),
    accountId: z.string().nullable().openapi({ description: "The programme account, once APPROVED" }),
    rejectionReason: z.string().nullable(),
    createdAt: z.number().int(),
    updatedAt: z.number().int(),
  })
  .openapi("OnboardingProposal");

const proposalResponse = (name: string, description: string) => envelopeResponse(description, ProposalSchema, name);

const UserIdParam = z.object({ userId: Uuid.meta({ description: "The proposal's userId" }) });

const programmeRoute = accountRoutes("Account programme");
const sandboxRoute = accountRoutes("Sandbox");

// The descriptions state the settings, so the routes are built when the app is, from config().
const createRoute_ = () =>
  programmeRoute(
    "baas:onboarding",
    [400, 401, 403, 409, 429, 500],
    {
      method: "post",
      path: "/baas/onboarding/new",
      summary: "Open an onboarding proposal; the verification e-mail is sent to the customer",
      description: `${config().ONBOARDING_PROPOSALS_PER_HOUR} proposals an hour per API key (429 \`BAAS_RATE_LIMIT\`). A second open proposal (not APPROVED or REJECTED) for the same document is a 409 \`CONFLICT\`.`,
      request: { body: jsonBody(ProposalRequest) },
      responses: {
        200: proposalResponse("OnboardingProposalResponse", "The proposal, PENDING_EMAIL_VERIFICATION"),
      },
    },
    proposalLimit,
  );

const listRoute = programmeRoute("baas:onboarding", [400, 401, 403, 429, 500], {
  method: "get",
  path: "/baas/onboarding/all",
  summary: "Your proposals, newest first",
  request: {
    query: z.object({
      status: OnboardingStatusField.optional(),
      page: fromQuery(Page).default(1),
      limit: fromQuery(PageSize).default(50).describe("Items per page, 1-100 (default 50)."),
    }),
  },
  responses: { 200: envelopeResponse("A page of proposals", z.array(ProposalSchema), "OnboardingProposalList") },
});

const getRoute = () =>
  programmeRoute(
    "baas:onboarding",
    [400, 401, 403, 404, 429, 500],
    {
      method: "get",
      path: "/baas/onboarding/{userId}",
      summary: "One of your proposals",
      description: `${config().ONBOARDING_STATUS_PER_HOUR} queries an hour per API key (429 \`RATE_LIMIT\`). Another programme's proposal is a 404.`,
      request: { params: UserIdParam },
      responses: {
        200: proposalResponse("OnboardingProposalGetResponse", "The proposal"),
      },
    },
    statusLimit,
  );

const resendRoute = () =>
  programmeRoute(
    "baas:onboarding",
    [400, 401, 403, 404, 409, 429, 500],
    {
      method: "post",
      path: "/baas/onboarding/{userId}/resend-verification-email",
      summary: "Send a new verification link; earlier links stop working",
      description: `Only while PENDING_EMAIL_VERIFICATION (else 409 \`CONFLICT\`). Links expire after ${config().EMAIL_VERIFICATION_TTL_HOURS} hours and work once. ${config().ONBOARDING_PROPOSALS_PER_HOUR} resends an hour per API key (429 \`BAAS_RATE_LIMIT\`).`,
      request: { params: UserIdParam },
      responses: {
        200: proposalResponse("OnboardingResendResponse", "The proposal"),
      },
    },
    resendLimit,
  );

const TINY_PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
const fileField = (what: string) => z.string().openapi({ description: what });
const uploadRoute = () =>
  programmeRoute(
    "baas:onboarding",
    [400, 401, 403, 404, 409, 413, 429, 500],
    {
      method: "post",
      path: "/baas/onboarding/{userId}/documents/upload",
      summary: "Send KYC files (multipart/form-data or JSON Base64, same field names)",
      description: [
        "Only while PENDING_DOCUMENTS (else 409 `CONFLICT`). `documentType` and the files it takes:",
        "RG, CNH, RNE: documentFront, documentBack; RG_FULL, CNH_FULL, PASSPORT: documentFront, selfie; CNH_DIGITAL: documentPdf, selfie.",
        "Files may arrive over several requests; one sent again for the same type and side replaces the earlier.",
        "Once every file of one type is in, the proposal is UNDER_REVIEW.",
        `Each file: JPEG, PNG or PDF **by content** (documentPdf: PDF; selfie: an image), at most ${uploadFileMaxMegabytes()} MB (413 \`PAYLOAD_TOO_LARGE\`; else 400 \`UNSUPPORTED_FILE_TYPE\`).`,
        `Files are stored encrypted (AES-256-GCM). ${config().ONBOARDING_UPLOADS_PER_HOUR} uploads an hour per API key (429 \`BAAS_RATE_LIMIT\`).`,
      ].join(" "),
      request: {
        params: UserIdParam,
        body: {
          required: true,
          content: {
            "application/json": {
              schema: z
                .object({
                  documentType: DocumentTypeField,
                  documentFront: fileField("Base64").optional(),
                  documentBack: fileField("Base64").optional(),
                  documentPdf: fileField("Base64").optional(),
                  selfie: fileField("Base64").optional(),
                })
                .openapi("OnboardingUploadJson", {
                  // A 1×1 PNG stands for both sides of an RG.
                  example: { documentType: "RG", documentFront: TINY_PNG, documentBack: TINY_PNG },
                }),
            },
            "multipart/form-data": {
              schema: z
                .object({
                  documentType: DocumentTypeField,
                  documentFront: fileField("file").openapi({ format: "binary" }).optional(),
                  documentBack: fileField("file").openapi({ format: "binary" }).optional(),
                  documentPdf: fileField("file").openapi({ format: "binary" }).optional(),
                  selfie: fileField("file").openapi({ format: "binary" }).optional(),
                })
                .openapi("OnboardingUploadForm"),
            },
          },
        },
      },
      responses: {
        200: proposalResponse("OnboardingUploadResponse", "The proposal with its documents"),
      },
    },
    uploadLimit,
  );

const KeptEmailSchema = z
  .object({
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    links: z.array(z.string()),
    sentAt: z.number().int(),
  })
  .openapi("SandboxEmail");

const emailsRoute = sandboxRoute("baas:onboarding", [400, 401, 403, 429, 500], {
  method: "get",
  path: "/sandbox/emails",
  summary: "E-mails the platform sent to an address on your behalf, newest first (sandbox: kept, not sent)",
  request: { query: z.object({ to: Email }) },
  responses: { 200: envelopeResponse("The e-mails", z.array(KeptEmailSchema), "SandboxEmailList") },
});

const ownerOf = (c: Context<AccountApiEnv>) => c.get("apiKey").userId;

export function registerOnboardingRoutes(app: OpenAPIHono<AccountApiEnv>) {
  app.openapi(createRoute_(), async (c) => {
    const proposal = await createProposal(db(), ownerOf(c), c.req.valid("json"));
    return c.json(envelope(c, proposalView(proposal)), 200);
  });

  // Before /{userId}: "all" is not a UUID.
  app.openapi(listRoute, async (c) => {
    const query = c.req.valid("query");
    const { items, total } = await listProposals(db(), ownerOf(c), {
      page: query.page,
      limit: query.limit,
      status: query.status,
    });
    return c.json(envelope(c, items.map(proposalView), { pagination: paginationOf(query, total) }), 200);
  });

  app.openapi(getRoute(), async (c) => {
    const proposal = await ownedProposal(db(), ownerOf(c), c.req.valid("param").userId);
    return c.json(envelope(c, proposalView(proposal)), 200);
  });

  app.openapi(resendRoute(), async (c) => {
    const proposal = await resendVerification(db(), ownerOf(c), c.req.valid("param").userId);
    return c.json(envelope(c, proposalView(proposal), { message: "verification e-mail sent" }), 200);
  });

  // The body is read by hand (two encodings, sizes checked before decoding); the route is
  // registered for the API reference only.
  const upload = uploadRoute();
  app.openAPIRegistry.registerPath(upload);
  const [scope] = upload.middleware;
  app.post("/baas/onboarding/:userId/documents/upload", scope, uploadLimit, async (c) => {
    const userId = Uuid.safeParse(c.req.param("userId"));
    if (!userId.success) return errorResponse(c, 400, "VALIDATION_ERROR", "userId: must be a UUID");
    const ownerId = ownerOf(c);
    await ownedProposal(db(), ownerId, userId.data); // 404 before reading any file
    const { documentType, files } = await readUpload(c);
    const proposal = await uploadDocuments(db(), ownerId, userId.data, documentType, files);
    return c.json(envelope(c, proposalView(proposal)), 200);
  });
}

export function registerOnboardingSandboxRoutes(app: OpenAPIHono<AccountApiEnv>) {
  app.openapi(emailsRoute, async (c) => {
    const emails = await keptEmails(db(), ownerOf(c), c.req.valid("query").to);
    return c.json(
      envelope(
        c,
        emails.map((e) => ({ ...e, sentAt: e.sentAt.getTime() })),
      ),
      200,
    );
  });
}
