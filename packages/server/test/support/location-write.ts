import type { LocationWritePlan } from '../../src/domain/location-input.ts';
import { planLocationWrite } from '../../src/domain/location-write.ts';

/** The plan of a write the test expects to be valid; field errors fail the test with what they say. */
export function plan(...args: Parameters<typeof planLocationWrite>): LocationWritePlan {
  const result = planLocationWrite(...args);
  if ('errors' in result) throw new Error(JSON.stringify(result.errors));
  return result.plan;
}
