import { performance } from 'node:perf_hooks';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Commits } from '../../db/commits.ts';
import type { Database } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import type { PublishableKeyRow } from '../../db/tables/publishable-keys.table.ts';
import { ForbiddenError, InvalidInputError, NotFoundError, UnauthorizedError } from '../../domain/errors.ts';
import { designOfRow, type FinderDesign } from '../../domain/finder-design.ts';
import { newPublicId, randomBase62 } from '../../domain/ids.ts';
import { parseOrigins } from '../../domain/origins.ts';
import { hasApiAccess } from '../../domain/plans.ts';
import type { ProjectRef } from '../../domain/project-ref.ts';
import { type Clock, isoOf } from '../../domain/time.ts';
import { accessibleProject, findProjectByPublicId } from '../accounts/index.ts';
import * as keys from './publishable-keys.repository.ts';

/** A publishable key as it is shown: the key itself (it is public), its origins and whether it still works. */
export interface PublishableKey {
  id: string;
  key: string;
  origins: string[];
  created_at: string;
  revoked_at: string | null;
}

function viewOf(row: PublishableKeyRow): PublishableKey {
  return {
    id: row.public_id,
    key: row.key,
    origins: JSON.parse(row.origins) as string[],
    created_at: row.created_at,
    revoked_at: row.revoked_at,
  };
}

function originsOrThrow(input: readonly string[]): string {
  const parsed = parseOrigins(input);
  if ('errors' in parsed) throw InvalidInputError.fields(parsed.errors);
  return JSON.stringify(parsed.origins);
}

/**
 * Who manages keys: a V2 caller through its project reference, or the CLI, by the project's public ID or (to revoke
 * a key by its ID) for any project.
 */
export type KeyOwner = { project: ProjectRef } | { projectPublicId: string } | { anyProject: true };

async function ownerProject(db: Executor, owner: Exclude<KeyOwner, { anyProject: true }>): Promise<{ id: number }> {
  if ('project' in owner) return accessibleProject(db, owner.project);
  const project = await findProjectByPublicId(db, owner.projectPublicId);
  if (!project) throw new InvalidInputError(`No project has the ID ${owner.projectPublicId}.`);
  return project;
}

/** What publishable keys are kept with. */
export interface PublishableKeysDeps {
  db: Kysely<Database>;
  clock: Clock;
  /**
   * The commits of this process, after which a key's access is read again (`accessOf`); without them (the CLI, which
   * checks no key twice) every access is read from the database.
   */
  commits?: Commits;
}

/** How long a key's access is answered from memory at most: how late another process's write may show. */
const KEY_RECHECK_MS = 1_000;
/** Keys kept in memory at most (the least recently used go first). */
const KEYS_KEPT = 10_000;

interface KeptAccess {
  access: PublicAccess;
  /** The process's commit count when the access was read. */
  commits: number;
  /** When it was read (`performance.now()`: real time, whatever clock the service keeps). */
  readAt: number;
}

/**
 * A key's access from memory: the same until this process commits a write (its next request reads the key again, so
 * the write shows in it) or a second has passed (so another process's write shows within a second). Reading the key
 * and its project's data version from the database on each request was a third of a search's time. Refusals are not
 * kept: a revoked or unknown key costs a read, as before.
 */
function keptAccess(db: Kysely<Database>, commits: Commits): (key: string) => Promise<PublicAccess> {
  const kept = new LRUCache<string, KeptAccess>({ max: KEYS_KEPT });
  return async (key) => {
    const held = kept.get(key);
    const now = performance.now();
    if (held && held.commits === commits.count && now - held.readAt < KEY_RECHECK_MS) return held.access;
    const before = commits.count;
    const access = await accessOfKey(db, key).catch((error: unknown) => {
      kept.delete(key);
      throw error;
    });
    kept.set(key, { access, commits: before, readAt: now });
    return access;
  };
}

/** The publishable keys of projects: managed over V2 and by the CLI, checked on every store-finder request. */
export function createPublishableKeys({ db, clock, commits }: PublishableKeysDeps) {
  const accessOf = commits ? keptAccess(db, commits) : (key: string) => accessOfKey(db, key);
  return {
    async list(owner: Exclude<KeyOwner, { anyProject: true }>): Promise<PublishableKey[]> {
      const project = await ownerProject(db, owner);
      return (await keys.listPublishableKeys(db, project.id)).map(viewOf);
    },

    async create({
      owner,
      origins,
    }: {
      owner: Exclude<KeyOwner, { anyProject: true }>;
      origins: readonly string[];
    }): Promise<PublishableKey> {
      return db.transaction().execute(async (trx) => {
        const project = await ownerProject(trx, owner);
        const row = await keys.insertPublishableKey(trx, {
          public_id: newPublicId('publishableKey'),
          project_id: project.id,
          key: `lpk_${randomBase62(24)}`,
          origins: originsOrThrow(origins),
          created_at: isoOf(clock()),
        });
        return viewOf(row);
      });
    },

    /** Replaces a key's allowed origins. */
    async update({
      project: ref,
      publicId,
      origins,
    }: {
      project: ProjectRef;
      publicId: string;
      origins: readonly string[];
    }): Promise<PublishableKey> {
      return db.transaction().execute(async (trx) => {
        const project = await accessibleProject(trx, ref);
        const row = await keys.findPublishableKey(trx, publicId, project.id);
        if (!row) throw NotFoundError.of('Publishable key');
        return viewOf(await keys.updatePublishableKey(trx, row.id, { origins: originsOrThrow(origins) }));
      });
    },

    /** Revokes a key: it stops working at once and stays listed as revoked. Revoking again changes nothing. */
    async revoke({ owner, publicId }: { owner: KeyOwner; publicId: string }): Promise<PublishableKey> {
      return db.transaction().execute(async (trx) => {
        const project = 'anyProject' in owner ? undefined : await ownerProject(trx, owner);
        const row = await keys.findPublishableKey(trx, publicId, project?.id);
        if (!row) throw NotFoundError.of('Publishable key');
        if (row.revoked_at !== null) return viewOf(row);
        return viewOf(await keys.updatePublishableKey(trx, row.id, { revoked_at: isoOf(clock()) }));
      });
    },

    /**
     * The access a key gives; an unknown or revoked key is 401, a project without the Business plan 403. From memory
     * until this process commits a write or for a second (`keptAccess`).
     */
    accessOf,
  };
}

export type PublishableKeys = ReturnType<typeof createPublishableKeys>;

/** What a public request may read with a key: its project, if the key works and the project's plan allows it. */
export interface PublicAccess {
  projectId: number;
  projectPublicId: string;
  projectName: string;
  /** The project's store-finder branding (`features/settings`), each null until set. */
  branding: { displayName: string | null; logoUrl: string | null; brandColor: string | null };
  /** The project's store-finder design (the defaults of its widgets and pages), each null for the widget's own. */
  design: FinderDesign;
  origins: string[];
  /** The project's data version as this request found it: what its index and ETags must match. */
  dataVersion: number;
}

/** The access a key gives; an unknown or revoked key is 401, a project without the Business plan 403. */
async function accessOfKey(db: Kysely<Database>, key: string): Promise<PublicAccess> {
  const row = await keys.findKeyAccess(db, key);
  if (!row || row.revoked_at !== null)
    throw new UnauthorizedError(row ? 'This publishable key has been revoked.' : 'Unknown publishable key.');
  if (!hasApiAccess(row.plan))
    throw new ForbiddenError(`The store finder needs the Business plan; this project is on the ${row.plan} plan.`);
  return {
    projectId: row.project_id,
    projectPublicId: row.project_public_id,
    projectName: row.project_name,
    branding: { displayName: row.display_name, logoUrl: row.logo_url, brandColor: row.brand_color },
    design: designOfRow(row),
    origins: JSON.parse(row.origins) as string[],
    dataVersion: row.data_version,
  };
}
