// The one JSON type of the spec reader: what a parsed document, a schema or an example is made of.
export type Json = null | boolean | number | string | Json[] | JsonObject;
export type JsonObject = { [key: string]: Json };

export const isJsonObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value as an object, or undefined when it is not one. */
export const asJsonObject = (value: unknown): JsonObject | undefined => (isJsonObject(value) ? value : undefined);
