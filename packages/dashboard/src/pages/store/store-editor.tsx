import { LocatorApiError } from '@locator/client';
import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import type { MemberProject } from '../../api/projects.ts';
import { createStore, findAddress, type Location, readStore, saveStore, storeCatalog } from '../../api/stores.ts';
import { t } from '../../i18n/index.ts';
import { paths } from '../../paths.ts';
import { editsLocations, managesTeam } from '../../state/roles.ts';
import {
  announce,
  announceAcrossMove,
  announceError,
  announceProblem,
  clearStatus,
  errorText,
  fieldErrorsOf,
  noteFailure,
} from '../../state/status.ts';
import { ActivityTimeline } from '../../ui/activity-timeline.tsx';
import { Page } from '../../ui/page.tsx';
import { useResource } from '../../ui/resource.ts';
import { ProjectScope } from '../project-scope.tsx';
import { ConflictPanel } from './conflict.tsx';
import { createBodyOf, type Draft, draftOf, emptyDraft, patchOf, withChanges } from './draft.ts';
import { forgetDraft, keepDraft, readKeptDraft } from './kept-drafts.ts';
import { Section } from './parts.tsx';
import { StoreForm } from './store-form.tsx';
import { VisitorView } from './visitor-view.tsx';

interface Conflict {
  theirs: Draft;
  etag: string;
  /** The fields either side changed since the version this person read. */
  keys: string[];
}

const PRECISIONS = {
  rooftop: 'precisionRooftop',
  street: 'precisionStreet',
  postcode: 'precisionPostcode',
  city: 'precisionCity',
  region: 'precisionRegion',
} as const;

function Editor({ project, locationId }: { project: MemberProject; locationId: string | undefined }) {
  const projectId = project.id;
  const editable = editsLocations(project.role);
  const { route } = useLocation();
  const catalog = useResource(() => storeCatalog(projectId), [projectId]);
  const base = useSignal<Draft | undefined>(undefined);
  const draft = useSignal<Draft | undefined>(undefined);
  const etag = useSignal<string | undefined>(undefined);
  const saved = useSignal<Location | undefined>(undefined);
  const loadError = useSignal<string | undefined>(undefined);
  const errors = useSignal<Record<string, string[]>>({});
  const pending = useSignal(false);
  const finding = useSignal(false);
  const conflict = useSignal<Conflict | undefined>(undefined);
  const restored = useSignal(false);
  const mapFailure = useSignal<string | undefined>(undefined);
  const notANumber = t('notANumber');

  const changes = () => (base.value && draft.value ? patchOf(base.value, draft.value, notANumber).body : {});
  const dirty = () => Object.keys(changes()).length > 0;

  /** A change of the form: shown, and kept in this tab until saved. */
  const change = (next: Draft) => {
    draft.value = next;
    if (base.value && Object.keys(patchOf(base.value, next, notANumber).body).length) {
      keepDraft(projectId, locationId, { draft: next, base: base.value, ...(etag.value ? { etag: etag.value } : {}) });
    } else forgetDraft(projectId, locationId);
  };

  /** The store as the server now holds it becomes the form's version. */
  const accept = (location: Location, tag: string) => {
    const read = draftOf(location);
    base.value = read;
    draft.value = structuredClone(read);
    etag.value = tag;
    saved.value = location;
    conflict.value = undefined;
    forgetDraft(projectId, locationId);
  };

  useEffect(() => {
    const kept = readKeptDraft(projectId, locationId);
    restored.value = kept !== undefined;
    if (!locationId) {
      base.value = emptyDraft();
      draft.value = kept?.draft ?? emptyDraft();
      return;
    }
    void readStore(projectId, locationId).then(
      (read) => {
        accept(read.location, read.etag);
        // Changes kept from before (a session that ended, a reload) come back over the version they were made to.
        if (kept?.base && kept.etag) {
          base.value = kept.base;
          etag.value = kept.etag;
          change(kept.draft);
        }
      },
      (error: unknown) => {
        noteFailure(error);
        loadError.value = errorText(error);
      },
    );
  }, [projectId, locationId]);

  async function showConflict(mine: Draft, from: Draft) {
    if (!locationId) return;
    const theirs = await readStore(projectId, locationId);
    const theirsDraft = draftOf(theirs.location);
    const keys = new Set([
      ...Object.keys(patchOf(from, mine, notANumber).body),
      ...Object.keys(patchOf(from, theirsDraft, notANumber).body),
    ]);
    conflict.value = { theirs: theirsDraft, etag: theirs.etag, keys: [...keys] };
    announceProblem(t('storeConflict'));
  }

  async function save() {
    const current = draft.value;
    const from = base.value;
    if (pending.value || !current || !from) return;
    pending.value = true;
    errors.value = {};
    clearStatus();
    try {
      if (!locationId) {
        const { body, errors: local } = createBodyOf(current, notANumber);
        if (Object.keys(local).length) {
          errors.value = local;
          announceProblem(t('storeFixFields'));
          return;
        }
        const created = await createStore(projectId, body);
        forgetDraft(projectId, undefined);
        announceAcrossMove(t('storeCreated', { name: created.name }));
        route(paths.project(projectId, `stores/${created.id}`));
        return;
      }
      const { body, errors: local } = patchOf(from, current, notANumber);
      if (Object.keys(local).length) {
        errors.value = local;
        announceProblem(t('storeFixFields'));
        return;
      }
      if (Object.keys(body).length === 0) {
        announce(t('storeNothingToSave'));
        return;
      }
      const answer = await saveStore(projectId, locationId, body, etag.value ?? '*');
      accept(answer.location, answer.etag);
      announce(t('storeSaved', { name: answer.location.name }));
    } catch (error) {
      if (error instanceof LocatorApiError && error.status === 412) {
        await showConflict(current, from).catch(announceError);
        return;
      }
      errors.value = fieldErrorsOf(error);
      announceError(error);
    } finally {
      pending.value = false;
    }
  }

  async function find() {
    const current = draft.value;
    if (!current || finding.value) return;
    finding.value = true;
    const { text } = current;
    const part = (value: string) => (value.trim() === '' ? null : value.trim());
    try {
      const found = await findAddress(projectId, {
        address_line_1: part(text.address_line_1),
        address_line_2: part(text.address_line_2),
        city: part(text.city),
        state: part(text.state),
        postcode: part(text.postcode),
        country: part(text.country),
        ...(text.address.trim() && !text.city.trim() && !text.postcode.trim() ? { address: text.address.trim() } : {}),
      });
      if (!found) {
        announceProblem(t('storeFindNone'));
        return;
      }
      const latest = draft.value ?? current;
      change({ ...latest, text: { ...latest.text, lat: String(found.lat), lng: String(found.lng) } });
      announce(t('storeFound', { precision: t(PRECISIONS[found.precision]) }));
    } catch (error) {
      errors.value = fieldErrorsOf(error);
      announceError(error);
    } finally {
      finding.value = false;
    }
  }

  const title = locationId ? (saved.value?.name ?? t('store')) : t('storeNew');
  if (loadError.value) return <Page title={t('store')}>{<p class="field-error">{loadError.value}</p>}</Page>;
  const form = draft.value;
  const configured = catalog.data.value;
  if (!form || !configured) {
    return (
      <Page title={title}>
        <p class="meta">{catalog.error.value ?? t('loading')}</p>
      </Page>
    );
  }
  const open = conflict.value;
  return (
    <Page title={title}>
      <p>
        <a href={paths.project(projectId)}>{t('storeBack')}</a>
      </p>
      {editable ? null : <p class="notice">{t('storeReadOnly')}</p>}
      {restored.value && dirty() ? (
        <div class="notice">
          <p>{t('storeRestored')}</p>
          <button
            type="button"
            onClick={() => {
              if (base.value) change(structuredClone(base.value));
              restored.value = false;
              announce(t('storeDiscarded'));
            }}
          >
            {t('storeDiscard')}
          </button>
        </div>
      ) : null}
      {open ? (
        <ConflictPanel
          mine={form}
          theirs={open.theirs}
          keys={open.keys}
          onKeepMine={() => {
            const from = base.value;
            if (!from) return;
            const merged = withChanges(open.theirs, form, patchOf(from, form, notANumber).body);
            base.value = open.theirs;
            etag.value = open.etag;
            conflict.value = undefined;
            change(merged);
            void save();
          }}
          onTakeTheirs={() => {
            base.value = open.theirs;
            draft.value = structuredClone(open.theirs);
            etag.value = open.etag;
            conflict.value = undefined;
            forgetDraft(projectId, locationId);
            announce(t('conflictTookTheirsDone'));
          }}
        />
      ) : null}
      {/* The server checks every field and its messages show beside each (the browser's own checks would say less). */}
      <form
        noValidate
        class="store-form"
        aria-label={title}
        aria-busy={pending.value}
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <StoreForm
          draft={form}
          change={change}
          errors={errors.value}
          catalog={configured}
          editable={editable}
          finding={finding.value}
          onFind={() => void find()}
          mapFailure={mapFailure}
        />
        {editable ? (
          <div class="save-bar">
            <button type="submit" class="primary" disabled={pending.value}>
              {locationId ? t('storeSave') : t('storeCreate')}
            </button>
          </div>
        ) : null}
      </form>
      {locationId && saved.value ? (
        <Section id="visitor" title={t('visitorTitle')}>
          <VisitorView
            projectId={projectId}
            locationId={locationId}
            version={etag.value ?? ''}
            showsPageLink={managesTeam(project.role)}
          />
        </Section>
      ) : null}
      {locationId && saved.value ? (
        <Section id="history" title={t('storeHistory')}>
          <ActivityTimeline projectId={projectId} location={locationId} label={t('storeHistoryList')} />
        </Section>
      ) : null}
    </Page>
  );
}

/** A store: its whole body in groups, its pin on a map, its hours; saved as a PATCH of what changed (`If-Match`). */
export function StorePage({ projectId, locationId }: { projectId: string; locationId?: string }) {
  return (
    <ProjectScope projectId={projectId}>
      {(project) => <Editor key={locationId ?? 'new'} project={project} locationId={locationId} />}
    </ProjectScope>
  );
}

/** `/stores/new`: a store to create. */
export function NewStorePage({ projectId }: { projectId: string }) {
  return <StorePage projectId={projectId} />;
}
