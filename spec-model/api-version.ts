// The API's version: both families' `info.version`, which package.json's version matches (a unit test holds
// them together), so the mock's health, its --version and the package all report the one number.
import type { Family } from '../src/protocol';
import { isJsonObject, type JsonObject } from './json';

/** The version both documents declare; throws when one lacks it or they disagree. */
export const apiVersion = (documents: Readonly<Record<Family, JsonObject>>): string => {
  const versions = new Set(
    Object.entries(documents).map(([family, document]) => {
      const version = isJsonObject(document.info) ? document.info.version : undefined;
      if (typeof version !== 'string') throw new Error(`the ${family} document has no info.version`);
      return version;
    }),
  );
  const [version] = versions;
  if (versions.size !== 1 || version === undefined)
    throw new Error(`the documents declare different versions: ${[...versions].join(', ')}`);
  return version;
};
