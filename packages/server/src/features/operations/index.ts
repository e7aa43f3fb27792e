// What operators run: the health probes, and copying a database from one dialect to another.
export { type CopySummary, CopyVerificationError, copyDatabase } from './database-copy.service.ts';
export { checkReadiness, type Readiness } from './readiness.service.ts';
export { registerHealthzGet } from './routes/healthz.get.ts';
export { registerReadyzGet } from './routes/readyz.get.ts';
