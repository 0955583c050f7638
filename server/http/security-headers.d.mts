export function contentSecurityPolicy(dev: boolean): string;
export function securityHeaders(dev: boolean): { key: string; value: string }[];
export function storedFileHeaders(): { key: string; value: string }[];
