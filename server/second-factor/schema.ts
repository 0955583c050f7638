/** Fields of the security page's forms (browser-safe). */
import { z } from "zod";
import { text } from "../fields/text";

export const TotpCode = text({ max: 12, min: 6, trim: true }).describe("Six digits from the authenticator app.");
export const PasskeyName = text({ max: 60, min: 1, trim: true }).describe("A name to tell this passkey apart.");
/** The browser's WebAuthn answer (@simplewebauthn/browser); the server library checks its shape. */
export const WebauthnResponse = z.record(z.string(), z.unknown());
