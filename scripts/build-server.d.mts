// Types for build-server.mjs, so TypeScript scripts share its paths and flags.
export declare const serverBundle: string;
export declare const serverNodeFlags: string[];
export declare function buildServer(): Promise<void>;
