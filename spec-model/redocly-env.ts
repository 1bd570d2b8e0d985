// The environment every tool that runs Redocly on the spec passes it (bundle, lint, reference pages): Redocly
// would otherwise reach the network on every run.
export const REDOCLY_ENV: NodeJS.ProcessEnv = {
  ...process.env,
  REDOCLY_TELEMETRY: 'off',
  REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
  NO_COLOR: '1',
};
