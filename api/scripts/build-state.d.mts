export declare const BUILT: string[];
export declare function buildState(root: string): { ok: true } | { ok: false; reason: string };
