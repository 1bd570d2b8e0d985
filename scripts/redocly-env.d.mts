export declare const REDOCLY_ENV: NodeJS.ProcessEnv;
