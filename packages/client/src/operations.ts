// Types of one operation of a generated `paths` interface, so each client method takes and returns exactly what
// the server's OpenAPI document says.

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The operation `method` of `path`. */
export type Operation<Paths, P extends keyof Paths, M extends HttpMethod> = Exclude<
  Paths[P][M & keyof Paths[P]],
  undefined
>;

/** The JSON body of the operation's 200 or 201 answer. */
export type SuccessBody<Op> = Op extends { responses: infer Responses }
  ? {
      [Status in keyof Responses]: Status extends 200 | 201
        ? Responses[Status] extends { content: { 'application/json': infer Body } }
          ? Body
          : never
        : never;
    }[keyof Responses]
  : never;

/** The JSON request body of the operation. */
export type RequestBody<Op> = Op extends { requestBody?: { content: { 'application/json': infer Body } } }
  ? Body
  : never;

/** The query parameters of the operation. */
export type QueryParameters<Op> = Op extends { parameters: { query?: infer Query } }
  ? Exclude<Query, undefined>
  : never;
