// The load generator: a process of its own, so its work is not counted against the server under test.
// Started by run.ts with fork(); receives one LoadJob over IPC, answers with one LoadResult and exits.
import autocannon from 'autocannon';
import { type LoadResult, unexpectedAnswers } from './load-result.ts';
import { type OperationName, operationNamed, type RequestContext, requestFor } from './operations.ts';
import { seededRandom } from './seed-data.ts';

export interface LoadJob {
  /** Base URL of the server under load, on 127.0.0.1. */
  url: string;
  operation: OperationName;
  context: RequestContext;
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
  /**
   * Which run of this operation this is (0, 1, …): each takes seeds of its own, so the slices of one measurement never
   * send the same requests (a POST would otherwise create a location of a name the first slice already took).
   */
  round?: number;
}

function run(job: LoadJob, seconds: number, seed: number): Promise<autocannon.Result> {
  const random = seededRandom(seed);
  let n = seed * 1_000_000;
  return autocannon({
    url: job.url,
    connections: job.connections,
    duration: seconds,
    requests: [
      {
        setupRequest: (request) => {
          n += 1;
          const spec = requestFor(job.operation, job.context, n, random);
          return {
            ...request,
            method: spec.method,
            path: spec.path,
            headers: spec.headers,
            ...(spec.body !== undefined ? { body: spec.body } : {}),
          };
        },
      },
    ],
  });
}

function summarise(result: autocannon.Result, expectedStatus: number): LoadResult {
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat.count ?? 0]),
  );
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    unexpected: unexpectedAnswers(statusCodes, expectedStatus),
    errors: result.errors,
    statusCodes,
  };
}

/** Past its warm-up and measurement, a load that has not finished is stuck (a server that stopped answering). */
const GRACE_SECONDS = 30;

process.once('message', (job: LoadJob) => {
  const deadline = setTimeout(
    () => {
      console.error(
        `the load of ${job.operation} on ${job.url} did not finish within ${job.warmupSeconds + job.durationSeconds + GRACE_SECONDS} s`,
      );
      process.exit(1);
    },
    (job.warmupSeconds + job.durationSeconds + GRACE_SECONDS) * 1000,
  );
  deadline.unref();
  void (async () => {
    const seed = 1 + 2 * (job.round ?? 0);
    if (job.warmupSeconds > 0) await run(job, job.warmupSeconds, seed);
    const result = await run(job, job.durationSeconds, seed + 1);
    process.send?.(summarise(result, operationNamed(job.operation).expectedStatus), () => process.exit(0));
  })().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
});
