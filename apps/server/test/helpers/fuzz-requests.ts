import fc from 'fast-check';
import type { OpenAPIV3 } from 'openapi-types';
import type { ApiOperation } from './openapi.ts';

/** Objects that exist in the fuzzed database, so generated requests reach past "not found". */
export interface FuzzPool {
  ids: string[];
  usernames: string[];
  slugs: string[];
  strings: string[];
}

/** One generated request, as `app.inject` takes it, with the facts a failure report needs. */
export interface FuzzRequest {
  kind: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  /** Cookies sent beside the CSRF pair (and the session, signed in): forged ones. */
  cookie?: string;
  payload?: string | Buffer;
}

type Schema = OpenAPIV3.SchemaObject | OpenAPIV3.ReferenceObject;

const MARKUP = ['<script>fuzzMarkup()</script>', '<img src=x onerror=fuzzMarkup()>'];

/** Strings an attacker tries in any text field or parameter. */
const NASTY_STRINGS: string[] = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  '\u0007\u0008\u001b[31m',
  'line\r\nX-Injected: 1',
  '\r\n\r\n',
  'tab\there',
  '\u202eevil',
  '\ud800',
  '\udfff\ud800',
  '\uffff\ufffe',
  '😀👩‍👩‍👧‍👦',
  'Ω≈ç√∫˜µ≤≥÷',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2f',
  '%zz',
  '%',
  '%00',
  "' OR '1'='1",
  "'; DROP TABLE pins;--",
  '1; select pg_sleep(0)',
  '$1',
  '\\',
  '"',
  '{}',
  '[]',
  'null',
  'undefined',
  'NaN',
  'true',
  ...MARKUP,
  '"><svg onload=fuzzMarkup()>',
  'javascript:fuzzMarkup()',
  'http://127.0.0.1:1/',
  'file:///etc/passwd',
  'data:text/html,<script>fuzzMarkup()</script>',
  '0',
  '-1',
  '1.5',
  '1e3',
  ' 1',
  '0x10',
  '9007199254740992',
  '9223372036854775807',
  '9223372036854775808',
  '9999999999999999999',
  '99999999999999999999999',
  '__proto__',
  'constructor',
];

/** A long string of one of a few shapes (over every length limit, under the body limit). */
const hugeString = fc
  .tuple(fc.constantFrom('a', 'é', '😀', '\u0000', '<', '9'), fc.integer({ min: 101, max: 70_000 }))
  .map(([unit, length]) => unit.repeat(length));

const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: hugeString },
);

/** Any JSON value a field was not made for. */
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: nastyString },
  {
    weight: 3,
    arbitrary: fc.constantFrom<unknown>(
      null,
      true,
      false,
      0,
      -1,
      1.5,
      -0,
      1e308,
      -1e308,
      2 ** 53,
      2 ** 63,
      [],
      {},
      [null],
      { $gt: '' },
      { __proto__: { admin: true } },
    ),
  },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 200, max: 3000 }).map((depth) => {
      let value: unknown = 1;
      for (let i = 0; i < depth; i += 1) value = [value];
      return value;
    }),
  },
  { weight: 1, arbitrary: fc.constant(Array.from({ length: 2000 }, (_, i) => String(i + 1))) },
);

/** A path segment or query value, raw (already percent-encoded or deliberately broken). */
const nastyRawSegment: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: nastyString.map((s) => encodeURIComponent(safeForUri(s))) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '%zz',
      '%',
      '%%',
      '%0',
      '%00',
      '%E0%A4%A',
      '%C0%AF',
      '%ED%A0%80',
      '%FF%FE',
      '..',
      '.',
      '%2e%2e',
      '..%2f..%2f',
      '%2F',
      'a%00b',
      'a%0d%0aSet-Cookie:%20x=1',
      '9223372036854775807',
      '9223372036854775808',
      '18446744073709551616',
      '-1',
      '0',
      '00000000000000000000000000001',
    ),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('a', '9', '%41', 'é'), fc.integer({ min: 90, max: 3000 }))
      .map(([unit, length]) => (unit === 'é' ? encodeURIComponent(unit) : unit).repeat(length)),
  },
);

/** Text a header can carry (visible ASCII and spaces), from any string. */
const headerText = (value: string) => value.replace(/[^\x20-\x7e]/g, '?');

/** Forged cookies (session, recognition, CSRF, visitor) and odd values in the headers plugins read. */
const brokenHeaders = fc.record({
  cookie: fc
    .tuple(
      fc.constantFrom(
        '_pinboard_sess',
        '_pinboard_recognized',
        '_pinboard_group',
        '_pinboard_oidc',
        '_pinboard_visitor',
        'csrftoken',
      ),
      fc.oneof(
        nastyString.map((s) => encodeURIComponent(safeForUri(s))),
        nastyString.map(headerText),
      ),
    )
    .map(([name, value]) => `${name}=${value.slice(0, 6000)}`),
  headers: fc.dictionary(
    fc.constantFrom(
      'accept',
      'accept-language',
      'accept-encoding',
      'user-agent',
      'referer',
      'x-forwarded-for',
      'x-test-country',
      'if-none-match',
      'if-modified-since',
      'range',
      'content-encoding',
      'transfer-encoding',
    ),
    nastyString.map((s) => headerText(s).slice(0, 6000)),
    { maxKeys: 3 },
  ),
});

/** Lone surrogates cannot be percent-encoded; send their replacement instead. */
function safeForUri(value: string): string {
  return value.replace(/[\ud800-\udfff]/g, (c, i: number, s: string) => {
    const code = c.charCodeAt(0);
    if (code <= 0xdbff && /[\udc00-\udfff]/.test(s[i + 1] ?? '')) return c;
    if (code >= 0xdc00 && /[\ud800-\udbff]/.test(s[i - 1] ?? '')) return c;
    return '\ufffd';
  });
}

/** Builds arbitraries for one OpenAPI document. */
export function fuzzerFor(document: OpenAPIV3.Document, pool: FuzzPool) {
  const resolve = (schema: Schema | undefined): OpenAPIV3.SchemaObject => {
    if (!schema) return {};
    if ('$ref' in schema) {
      const name = schema.$ref.split('/').pop()!;
      return resolve(document.components?.schemas?.[name]);
    }
    return schema;
  };

  const realId = fc.constantFrom(...pool.ids);
  const randomId = fc.oneof(
    fc.integer({ min: 1, max: 2_000_000 }).map(String),
    fc.bigInt({ min: 1n, max: 2n ** 70n }).map(String),
  );
  const idValue = fc.oneof({ weight: 3, arbitrary: realId }, { weight: 1, arbitrary: randomId });

  // Bookmarks are base64url JSON of a sort key: forge keys of every shape.
  const bookmarkPart = fc.oneof(
    fc.constantFrom<unknown>(
      '2026-01-01T00:00:00.000Z',
      'abc',
      '',
      1e308,
      -1,
      1.5,
      2 ** 63,
      null,
      true,
      [],
      {},
    ),
    realId,
    fc.constantFrom(...pool.ids.map(Number)),
    nastyString,
  );
  const forgedBookmark = fc.oneof(
    fc
      .array(bookmarkPart, { maxLength: 5 })
      .map((key) => Buffer.from(JSON.stringify(key)).toString('base64url')),
    fc.jsonValue({ maxDepth: 2 }).map((key) => Buffer.from(JSON.stringify(key)).toString('base64url')),
    fc.string({ maxLength: 20 }),
  );

  /** A value the schema accepts (mostly), using real ids, usernames and slugs by field name. */
  const valid = (schemaOrRef: Schema | undefined, name = '', depth = 0): fc.Arbitrary<unknown> => {
    const schema = resolve(schemaOrRef);
    const lower = name.toLowerCase();
    const alternatives = schema.anyOf ?? schema.oneOf;
    if (alternatives?.length) return fc.oneof(...alternatives.map((s) => valid(s, name, depth)));
    if (schema.allOf?.length) return valid(schema.allOf[0], name, depth);
    if ('const' in schema) return fc.constant((schema as { const: unknown }).const);
    if (schema.enum?.length) return fc.constantFrom(...schema.enum);
    const types = (Array.isArray(schema.type) ? schema.type : [schema.type]) as (string | undefined)[];
    const nullable = schema.nullable || types.includes('null');
    const type = types.find((t) => t && t !== 'null');
    const base = ((): fc.Arbitrary<unknown> => {
      switch (type) {
        case 'string':
          return validString(schema, lower);
        case 'integer':
          return fc.integer({
            min: Math.max(schema.minimum ?? -1000, -1_000_000),
            max: Math.min(schema.maximum ?? 1000, 1_000_000),
          });
        case 'number':
          return fc.double({
            min: Math.max(schema.minimum ?? -1000, -1_000_000),
            max: Math.min(schema.maximum ?? 1000, 1_000_000),
            noNaN: true,
          });
        case 'boolean':
          return fc.boolean();
        case 'array': {
          if (depth > 3) return fc.constant([]);
          const items = (schema as OpenAPIV3.ArraySchemaObject).items as Schema | undefined;
          return fc.array(valid(items, name, depth + 1), {
            minLength: schema.minItems ?? 0,
            maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, 4)),
          });
        }
        case 'object':
        case undefined: {
          if (!schema.properties) return type ? fc.constant({}) : fc.jsonValue({ maxDepth: 1 });
          if (depth > 3) return fc.constant({});
          const record: Record<string, fc.Arbitrary<unknown>> = {};
          for (const [key, property] of Object.entries(schema.properties)) {
            record[key] = valid(property, key, depth + 1);
          }
          return fc.record(record, { requiredKeys: (schema.required ?? []) as never[] });
        }
        default:
          return fc.constant(null);
      }
    })();
    return nullable
      ? fc.oneof({ weight: 4, arbitrary: base }, { weight: 1, arbitrary: fc.constant(null) })
      : base;
  };

  const validString = (schema: OpenAPIV3.SchemaObject, lower: string): fc.Arbitrary<string> => {
    const min = schema.minLength ?? 0;
    const max = Math.max(min, Math.min(schema.maxLength ?? 30, 30));
    if (/(^|_)ids?$|id$/i.test(lower) && (schema.pattern?.includes('0-9') ?? true)) return idValue;
    if (lower === 'bookmark') return forgedBookmark;
    if (lower === 'username') return fc.constantFrom(...pool.usernames);
    if (lower === 'slug') return fc.constantFrom(...pool.slugs);
    if (schema.format === 'email' || lower.includes('email')) {
      return fc.oneof(fc.emailAddress(), fc.constantFrom('fuzz_owner@example.com'));
    }
    if (schema.format === 'uri' || schema.format === 'url' || lower.includes('url') || lower === 'link') {
      return fc.oneof(fc.webUrl(), fc.constant('http://127.0.0.1:1/x.png'));
    }
    if (schema.pattern) {
      try {
        return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= 200);
      } catch {
        // A pattern JavaScript cannot compile: fall through to plain strings.
      }
    }
    return fc.oneof(
      { weight: 3, arbitrary: fc.string({ minLength: min, maxLength: max }) },
      {
        weight: 2,
        arbitrary: fc
          .constantFrom(...pool.strings)
          .map((s) => s.padEnd(min, 'x').slice(0, Math.max(min, schema.maxLength ?? 10_000))),
      },
    );
  };

  /** The value with one field (at any depth) replaced by something it was not made for. */
  const breakOne = (value: unknown): fc.Arbitrary<unknown> => {
    const paths: string[][] = [];
    const walk = (v: unknown, at: string[]) => {
      if (at.length > 0) paths.push(at);
      if (v && typeof v === 'object' && at.length < 4) {
        for (const key of Object.keys(v)) walk((v as Record<string, unknown>)[key], [...at, key]);
      }
    };
    walk(value, []);
    if (paths.length === 0) return fc.constant(value);
    return fc.tuple(fc.constantFrom(...paths), nastyValue).map(([path, replacement]) => {
      const copy = structuredClone(value) as Record<string, unknown>;
      let target: Record<string, unknown> = copy;
      for (const key of path.slice(0, -1)) target = target[key] as Record<string, unknown>;
      target[path.at(-1)!] = replacement;
      return copy;
    });
  };

  const withExtraField = (value: unknown) =>
    fc
      .tuple(
        fc.constantFrom('is_admin', '__proto__', 'constructor', 'id', 'owner_id', 'x'.repeat(300)),
        nastyValue,
      )
      .map(([key, extra]) =>
        value && typeof value === 'object' && !Array.isArray(value)
          ? JSON.parse(JSON.stringify({ ...value, [key]: extra }).replace('"__proto__"', '"__proto__"'))
          : { [key]: extra },
      );

  /** Arbitrary requests for one operation, as `visitor` or signed in (the caller adds cookies). */
  function requestsFor(op: ApiOperation): fc.Arbitrary<FuzzRequest> {
    const parameters = (op.operation.parameters ?? []).map(
      (p) => p as OpenAPIV3.ParameterObject,
    ) as OpenAPIV3.ParameterObject[];
    const pathParams = parameters.filter((p) => p.in === 'path');
    const queryParams = parameters.filter((p) => p.in === 'query');
    const body = (op.operation.requestBody as OpenAPIV3.RequestBodyObject | undefined)?.content;
    const jsonSchema = body?.['application/json']?.schema;
    const isMultipart = op.path === '/v3/media/uploads/' || Boolean(body?.['multipart/form-data']);

    const validPathValues = fc.record(
      Object.fromEntries(
        pathParams.map((p) => [p.name, valid(p.schema, p.name).map((v) => encodeURIComponent(String(v)))]),
      ),
    ) as fc.Arbitrary<Record<string, string>>;
    const brokenPathValues = validPathValues.chain((values) =>
      pathParams.length === 0
        ? fc.constant(values)
        : fc
            .tuple(fc.constantFrom(...pathParams.map((p) => p.name)), nastyRawSegment)
            .map(([name, raw]) => ({ ...values, [name]: raw })),
    );
    const validQuery = fc.record(
      Object.fromEntries(queryParams.map((p) => [p.name, valid(p.schema, p.name)])),
      { requiredKeys: queryParams.filter((p) => p.required).map((p) => p.name) as never[] },
    ) as fc.Arbitrary<Record<string, unknown>>;

    const queryString = (query: Record<string, unknown>) =>
      Object.entries(query)
        .filter(([, v]) => v !== undefined)
        .map(
          ([k, v]) =>
            `${encodeURIComponent(k)}=${encodeURIComponent(safeForUri(typeof v === 'string' ? v : JSON.stringify(v)))}`,
        )
        .join('&');
    const brokenQuery: fc.Arbitrary<string> = fc.oneof(
      validQuery.chain((q) => breakOne(q)).map((q) => queryString(q as Record<string, unknown>)),
      fc
        .tuple(validQuery, fc.constantFrom(...queryParams.map((p) => p.name), 'x'), nastyRawSegment)
        .map(([q, name, raw]) => `${queryString(q)}&${encodeURIComponent(name)}=${raw}`),
      validQuery.map((q) => `${queryString(q)}&${queryString(q)}`),
      fc.constantFrom('%zz', 'a=%', '%=%', '=', '&&&', 'a[b]=1&a[c]=2', 'page_size=1e400', 'page_size=-0'),
      fc.integer({ min: 2000, max: 120_000 }).map((n) => `q=${'a'.repeat(n)}`),
    );

    const url = (values: Record<string, string>, query: string) => {
      const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => values[name] ?? '1');
      return query ? `${path}?${query}` : path;
    };

    const hasBody = Boolean(jsonSchema) || (op.method !== 'GET' && op.method !== 'DELETE');
    const validBody = jsonSchema ? valid(jsonSchema) : fc.constant({});
    const jsonHeaders = { 'content-type': 'application/json' };

    const jsonPayload = (value: unknown) => ({ headers: jsonHeaders, payload: JSON.stringify(value) });
    const mostlyValidBody = fc.oneof(
      { weight: 3, arbitrary: validBody.map(jsonPayload) },
      { weight: 5, arbitrary: validBody.chain(breakOne).map(jsonPayload) },
      { weight: 1, arbitrary: validBody.chain(withExtraField).map(jsonPayload) },
    );
    const malformedBody = fc.oneof(
      fc
        .constantFrom(
          '{',
          '{"a":',
          '[',
          'nul',
          '\u0000',
          '{"a":"\\ud800"}',
          '{"a":1,"a":2}',
          '"just a string"',
          '12345678901234567890123',
          'null',
          '[]',
          '{}',
          '',
          '{"__proto__":{"polluted":true}}',
          '{"constructor":{"prototype":{"polluted":true}}}',
        )
        .map((payload) => ({ headers: jsonHeaders, payload })),
      fc
        .integer({ min: 1000, max: 20_000 })
        .map((n) => ({ headers: jsonHeaders, payload: '['.repeat(n) + ']'.repeat(n) })),
      fc
        .tuple(
          fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'application/xml',
            'application/json; charset=utf-16',
            'application/json; charset=nope',
            'application/jsonx',
            'application/octet-stream',
            'multipart/form-data',
            'multipart/form-data; boundary=',
            '',
            ';;;',
            'application/json, text/html',
          ),
          validBody,
        )
        .map(([contentType, value]) => ({
          headers: { 'content-type': contentType },
          payload: JSON.stringify(value),
        })),
      fc.constant({ headers: jsonHeaders, payload: Buffer.from([0xff, 0xfe, 0x7b, 0x00, 0x7d]) }),
    );
    const multipartBody = multipartPayloads();

    const bodyArbitrary = !hasBody
      ? fc.constant({
          headers: {} as Record<string, string>,
          payload: undefined as string | Buffer | undefined,
        })
      : isMultipart
        ? fc.oneof({ weight: 4, arbitrary: multipartBody }, { weight: 1, arbitrary: malformedBody })
        : fc.oneof({ weight: 4, arbitrary: mostlyValidBody }, { weight: 2, arbitrary: malformedBody });

    const plain = fc.record({
      values: validPathValues,
      query: validQuery.map(queryString),
      body: bodyArbitrary,
    });
    const kinds: [
      number,
      string,
      fc.Arbitrary<{
        values: Record<string, string>;
        query: string;
        body: { headers: Record<string, string>; payload?: string | Buffer };
        cookie?: string;
      }>,
    ][] = [
      [6, 'mostly valid', plain],
      [
        pathParams.length ? 3 : 0,
        'broken path',
        plain.chain((r) => brokenPathValues.map((values) => ({ ...r, values }))),
      ],
      [2, 'broken query', plain.chain((r) => brokenQuery.map((query) => ({ ...r, query })))],
      [
        1,
        'broken headers',
        plain.chain((r) =>
          brokenHeaders.map(({ cookie, headers }) => ({
            ...r,
            cookie,
            body: { ...r.body, headers: { ...headers, ...r.body.headers } },
          })),
        ),
      ],
    ];
    return fc.oneof(
      ...kinds
        .filter(([weight]) => weight > 0)
        .map(([weight, kind, arbitrary]) => ({
          weight,
          arbitrary: arbitrary.map((r): FuzzRequest => ({
            kind,
            method: op.method,
            url: url(r.values, r.query),
            headers: r.body.headers,
            ...(r.cookie !== undefined ? { cookie: r.cookie } : {}),
            ...(r.body.payload !== undefined ? { payload: r.body.payload } : {}),
          })),
        })),
    );
  }

  return { requestsFor, valid, nastyString, nastyRawSegment, brokenHeaders };
}

/** Multipart bodies: well formed, and every way of breaking the framing. */
function multipartPayloads(): fc.Arbitrary<{ headers: Record<string, string>; payload: string | Buffer }> {
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
  const part = (boundary: string, headers: string, content: Buffer | string, close = true) =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`),
      Buffer.isBuffer(content) ? content : Buffer.from(content),
      Buffer.from(close ? `\r\n--${boundary}--\r\n` : ''),
    ]);
  const fileHeaders =
    'Content-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png';
  return fc.oneof(
    fc.constantFrom(
      // Well formed, with a truncated picture.
      {
        headers: { 'content-type': 'multipart/form-data; boundary=fuzzb' },
        payload: part('fuzzb', fileHeaders, png),
      },
      // No boundary, an empty boundary, an over-long boundary.
      { headers: { 'content-type': 'multipart/form-data' }, payload: part('fuzzb', fileHeaders, png) },
      { headers: { 'content-type': 'multipart/form-data; boundary=' }, payload: part('', fileHeaders, png) },
      {
        headers: { 'content-type': `multipart/form-data; boundary=${'b'.repeat(200)}` },
        payload: part('b'.repeat(200), fileHeaders, png),
      },
      // Never closed, no parts, only a field, two files, a broken part header.
      {
        headers: { 'content-type': 'multipart/form-data; boundary=fuzzb' },
        payload: part('fuzzb', fileHeaders, png, false),
      },
      { headers: { 'content-type': 'multipart/form-data; boundary=fuzzb' }, payload: '--fuzzb--\r\n' },
      { headers: { 'content-type': 'multipart/form-data; boundary=fuzzb' }, payload: '' },
      {
        headers: { 'content-type': 'multipart/form-data; boundary=fuzzb' },
        payload: part('fuzzb', 'Content-Disposition: form-data; name="title"', 'hello'),
      },
      {
        headers: { 'content-type': 'multipart/form-data; boundary=fuzzb' },
        payload: Buffer.concat([
          part('fuzzb', fileHeaders, png, false),
          Buffer.from('\r\n'),
          part('fuzzb', fileHeaders, png),
        ]),
      },
      {
        headers: { 'content-type': 'multipart/form-data; boundary=fuzzb' },
        payload: part(
          'fuzzb',
          'Content-Disposition: form-data; name="file"; filename="\u0000../../x"\r\nBroken',
          png,
        ),
      },
      {
        headers: { 'content-type': 'multipart/form-data; boundary="fuzzb' },
        payload: part('fuzzb', fileHeaders, png),
      },
      {
        headers: { 'content-type': 'multipart/form-data; boundary=fuzzb; boundary=other' },
        payload: part('other', fileHeaders, png),
      },
    ),
    fc
      .tuple(fc.string({ unit: 'binary', maxLength: 80 }), fc.uint8Array({ maxLength: 2000 }))
      .map(([boundary, bytes]) => ({
        headers: { 'content-type': `multipart/form-data; boundary=${boundary.replace(/[\r\n]/g, '')}` },
        payload: part(boundary, fileHeaders, Buffer.from(bytes)),
      })),
    fc.uint8Array({ maxLength: 3000 }).map((bytes) => ({
      headers: { 'content-type': 'multipart/form-data; boundary=fuzzb' },
      payload: Buffer.from(bytes),
    })),
  );
}
