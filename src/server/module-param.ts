// The route parameter of every call on a module (`/api/data/:module/…`, a module's categories): a module key,
// checked before the lookup. The records core and the calls beside it share it from here.
export const moduleParam = {
  type: 'object',
  required: ['module'],
  properties: { module: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_]{0,60}$' } },
} as const;
