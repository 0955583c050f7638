/** Types of security-headers.mjs (plain JavaScript, for next.config.mjs). */
export function contentSecurityPolicy(dev: boolean, nonce?: string | null): string;
export function securityHeaders(dev: boolean): { key: string; value: string }[];
export function storedFileHeaders(): { key: string; value: string }[];
