export declare const FAMILIES: readonly ['commerce', 'platform'];
export declare const REDOCLY_ENV: NodeJS.ProcessEnv;
