// Status texts of the error statuses: `response.statusText` is empty over HTTP/2 and in some runtimes, and the
// mock names its codes after them (`PAYLOAD_TOO_LARGE`).
const STATUS_TEXT: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  407: 'Proxy Authentication Required',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  411: 'Length Required',
  412: 'Precondition Failed',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  416: 'Range Not Satisfiable',
  417: 'Expectation Failed',
  418: "I'm a Teapot",
  421: 'Misdirected Request',
  422: 'Unprocessable Entity',
  423: 'Locked',
  424: 'Failed Dependency',
  425: 'Too Early',
  426: 'Upgrade Required',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  451: 'Unavailable For Legal Reasons',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** The status line's text when one came, else the standard text of `status`, else `HTTP <status>`. */
export const statusText = (status: number, given = ''): string => given.trim() || STATUS_TEXT[status] || `HTTP ${status}`;

/** `Not Found` -> `NOT_FOUND`, `I'm a Teapot` -> `IM_A_TEAPOT`. */
export const constantCase = (text: string): string =>
  text
    .replace(/'/g, '')
    .replace(/[^A-Za-z0-9]+/g, ' ')
    .trim()
    .split(/\s+/)
    .join('_')
    .toUpperCase();
