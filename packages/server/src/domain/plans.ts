import { ForbiddenError } from './errors.ts';

export const PLANS = ['free', 'basic', 'plus', 'business'] as const;
export type Plan = (typeof PLANS)[number];

export const DEFAULT_PLAN: Plan = 'business';

export function isPlan(value: string): value is Plan {
  return (PLANS as readonly string[]).includes(value);
}

/** Only the Business plan includes API access to locations. */
export function hasApiAccess(plan: string): boolean {
  return plan === 'business';
}

/** Refuses a project whose plan lacks API access to locations. */
export function requireApiAccess(plan: string): void {
  if (!hasApiAccess(plan))
    throw new ForbiddenError(`API access to locations needs the Business plan; this project is on the ${plan} plan.`);
}
