/** The media type of every request and answer body the contract declares. */
export const JSON_MEDIA_TYPE = 'application/json';

const JSON_TYPE = /^application\/([\w.+-]+\+)?json\s*(;|$)/i;

/** `application/json`, or a `+json` suffix type, with or without parameters (`; charset=utf-8`). */
export const isJsonMediaType = (type: string): boolean => JSON_TYPE.test(type.trim());
