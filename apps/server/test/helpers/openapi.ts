import type { FastifyInstance } from 'fastify';
import type { OpenAPIV3 } from 'openapi-types';

/** One operation of the app's OpenAPI document (`GET /v3/openapi.json`). */
export interface ApiOperation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The OpenAPI path, with `{name}` placeholders. */
  path: string;
  /** `GET /v3/pins/{id}/`: how suites name an operation. */
  name: string;
  operation: OpenAPIV3.OperationObject;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/**
 * Every operation the app documents, read from the app itself, so a proof suite that walks
 * this list covers an operation added later without anyone listing it.
 */
export function listOperations(app: FastifyInstance): ApiOperation[] {
  const document = app.swagger() as OpenAPIV3.Document;
  const operations: ApiOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item?.[method];
      if (!operation) continue;
      const upper = method.toUpperCase() as ApiOperation['method'];
      operations.push({ method: upper, path, name: `${upper} ${path}`, operation });
    }
  }
  return operations;
}

/** The path with each `{name}` replaced by `values[name]` (URI-encoded). */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for {${name}} in ${path}`);
    return encodeURIComponent(value);
  });
}
