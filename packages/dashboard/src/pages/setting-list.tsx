import { type Signal, useSignal } from '@preact/signals';
import {
  createSetting,
  deleteSetting,
  listSettings,
  type SettingCreate,
  type SettingItem,
  type SettingSegment,
  updateSetting,
} from '../api/settings.ts';
import { type MessageKey, t } from '../i18n/index.ts';
import { announce } from '../state/status.ts';
import { runChange } from '../ui/change.ts';
import { Field, Form, SubmitButton, useSubmit } from '../ui/form.tsx';
import { useResource } from '../ui/resource.ts';
import { ActionTable } from '../ui/table.tsx';

/** One kind of setting as the screen shows it. */
export interface SettingKindView {
  segment: SettingSegment;
  heading: MessageKey;
  add: MessageKey;
  /** Calls to action have a title, the others a name. */
  nameKey: 'name' | 'title';
}

type Item = SettingItem<SettingSegment>;
const nameOf = (item: Item): string => ('title' in item ? item.title : item.name);
const isMarker = (item: Item): item is SettingItem<'markers'> => 'icon_url' in item;
const isDefault = (item: Item): boolean => 'default' in item && item.default;

/** A marker's colour and icon, written in the form as text (empty for none). */
interface Look {
  colour: Signal<string>;
  icon: Signal<string>;
}

function LookFields({ id, look, errors }: { id: string; look: Look; errors: Record<string, string[]> }) {
  return (
    <>
      <Field
        id={`${id}-colour`}
        name="color"
        label={t('settingColour')}
        value={look.colour}
        errors={errors}
        hint="#rrggbb"
      />
      <Field
        id={`${id}-icon`}
        name="icon_url"
        label={t('settingIcon')}
        type="url"
        value={look.icon}
        errors={errors}
        hint={t('settingIconHint')}
      />
    </>
  );
}

const lookBody = (look: Look) => ({
  color: look.colour.value.trim() === '' ? null : look.colour.value.trim(),
  icon_url: look.icon.value.trim() === '' ? null : look.icon.value.trim(),
});

function deleteQuestion(item: Item): string {
  const name = nameOf(item);
  if (item.locations_count === 0) return t('deleteConfirmUnused', { name });
  if (item.locations_count === 1) return t('deleteConfirmOne', { name });
  return t('deleteConfirmMany', { name, count: item.locations_count });
}

/** After a move the row is drawn anew: the focus goes back to the button pressed, or its twin at the end of the list. */
function refocus(segment: string, id: string, direction: 'up' | 'down') {
  const pressed = document.getElementById(`${segment}-${id}-${direction}`);
  const other = document.getElementById(`${segment}-${id}-${direction === 'up' ? 'down' : 'up'}`);
  const target = pressed instanceof HTMLButtonElement && !pressed.disabled ? pressed : other;
  target?.focus();
}

function EditRow({
  kind,
  item,
  projectId,
  done,
}: {
  kind: SettingKindView;
  item: Item;
  projectId: string;
  done: (saved: boolean) => Promise<void>;
}) {
  const id = `${kind.segment}-${item.id}-edit`;
  const name = useSignal(nameOf(item));
  const look: Look = {
    colour: useSignal(isMarker(item) ? (item.color ?? '') : ''),
    icon: useSignal(isMarker(item) ? (item.icon_url ?? '') : ''),
  };
  const submission = useSubmit(async () => {
    const body = { [kind.nameKey]: name.value, ...(isMarker(item) ? lookBody(look) : {}) };
    await updateSetting(projectId, kind.segment, item.id, body);
    announce(t('settingSaved', { name: name.value.trim() }));
    await done(true);
  });
  return (
    <td colSpan={3}>
      <Form submission={submission} label={t('editing', { name: nameOf(item) })}>
        <Field
          id={`${id}-name`}
          name={kind.nameKey}
          label={kind.nameKey === 'title' ? t('settingTitle') : t('settingName')}
          value={name}
          errors={submission.errors.value}
          required
        />
        {isMarker(item) ? <LookFields id={id} look={look} errors={submission.errors.value} /> : null}
        <div class="buttons">
          <SubmitButton submission={submission}>{t('save')}</SubmitButton>
          <button type="button" onClick={() => void done(false)}>
            {t('cancel')}
          </button>
        </div>
      </Form>
    </td>
  );
}

function AddForm({
  kind,
  projectId,
  reload,
}: {
  kind: SettingKindView;
  projectId: string;
  reload: () => Promise<void>;
}) {
  const id = `${kind.segment}-new`;
  const name = useSignal('');
  const look: Look = { colour: useSignal(''), icon: useSignal('') };
  const submission = useSubmit(async () => {
    const marker = kind.segment === 'markers';
    await createSetting(projectId, kind.segment, {
      [kind.nameKey]: name.value,
      ...(marker ? lookBody(look) : {}),
    } as SettingCreate<SettingSegment>);
    announce(t('settingAdded', { name: name.value.trim() }));
    name.value = '';
    look.colour.value = '';
    look.icon.value = '';
    await reload();
  });
  return (
    <Form submission={submission} label={t(kind.add)}>
      <Field
        id={`${id}-name`}
        name={kind.nameKey}
        label={kind.nameKey === 'title' ? t('settingTitle') : t('settingName')}
        value={name}
        errors={submission.errors.value}
        required
      />
      {kind.segment === 'markers' ? <LookFields id={id} look={look} errors={submission.errors.value} /> : null}
      <SubmitButton submission={submission}>{t(kind.add)}</SubmitButton>
    </Form>
  );
}

/** The items of one kind in the project's order: add, rename, move up or down, delete (saying how many stores use it). */
export function SettingList({
  kind,
  projectId,
  canChange,
}: {
  kind: SettingKindView;
  projectId: string;
  canChange: boolean;
}) {
  const items = useResource(() => listSettings(projectId, kind.segment), [projectId, kind.segment]);
  const editing = useSignal<string | undefined>(undefined);
  const list = items.data.value ?? [];
  const headingId = `${kind.segment}-heading`;

  const move = async (item: Item, to: number, direction: 'up' | 'down') => {
    const name = nameOf(item);
    await runChange(
      () => updateSetting(projectId, kind.segment, item.id, { position: to }),
      t('settingMoved', { name, position: to + 1, count: list.length }),
      items.reload,
    );
    refocus(kind.segment, item.id, direction);
  };

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} tabIndex={-1}>
        {t(kind.heading)}
      </h2>
      {items.error.value ? <p class="field-error">{items.error.value}</p> : null}
      {items.data.value?.length === 0 ? <p>{t('settingsNone')}</p> : null}
      {list.length ? (
        <ActionTable
          label={t(kind.heading)}
          columns={[t(kind.nameKey === 'title' ? 'settingTitle' : 'settingName'), t('columnUsage')]}
        >
          {list.map((item, index) => (
            <tr key={item.id}>
              {editing.value === item.id ? (
                <EditRow
                  kind={kind}
                  item={item}
                  projectId={projectId}
                  done={async (saved) => {
                    editing.value = undefined;
                    if (saved) await items.reload();
                    document.getElementById(`${kind.segment}-${item.id}-rename`)?.focus();
                  }}
                />
              ) : (
                <>
                  <th scope="row">
                    {isMarker(item) ? (
                      <span class="swatch" aria-hidden="true" style={{ background: item.color ?? 'transparent' }} />
                    ) : null}
                    {nameOf(item)}
                    {isDefault(item) ? <span class="meta"> ({t('settingDefault')})</span> : null}
                    {isMarker(item) && item.icon_url ? <span class="meta"> {item.icon_url}</span> : null}
                  </th>
                  <td>{item.locations_count}</td>
                  <td>
                    {canChange ? (
                      <div class="row-actions">
                        <button
                          type="button"
                          id={`${kind.segment}-${item.id}-up`}
                          aria-label={t('moveUpNamed', { name: nameOf(item) })}
                          disabled={index === 0}
                          onClick={() => void move(item, index - 1, 'up')}
                        >
                          {t('moveUp')}
                        </button>
                        <button
                          type="button"
                          id={`${kind.segment}-${item.id}-down`}
                          aria-label={t('moveDownNamed', { name: nameOf(item) })}
                          disabled={index === list.length - 1}
                          onClick={() => void move(item, index + 1, 'down')}
                        >
                          {t('moveDown')}
                        </button>
                        <button
                          type="button"
                          id={`${kind.segment}-${item.id}-rename`}
                          aria-label={t('editNamed', { name: nameOf(item) })}
                          onClick={() => {
                            editing.value = item.id;
                          }}
                        >
                          {t('edit')}
                        </button>
                        <button
                          type="button"
                          class="danger"
                          aria-label={t('deleteNamed', { name: nameOf(item) })}
                          onClick={() => {
                            if (!confirm(deleteQuestion(item))) return;
                            // The row goes: the focus goes to the list's heading, not to the page's start.
                            void runChange(
                              () => deleteSetting(projectId, kind.segment, item.id),
                              t('settingDeleted', { name: nameOf(item) }),
                              items.reload,
                            ).then(() => document.getElementById(headingId)?.focus());
                          }}
                        >
                          {t('delete')}
                        </button>
                      </div>
                    ) : null}
                  </td>
                </>
              )}
            </tr>
          ))}
        </ActionTable>
      ) : null}
      {canChange ? <AddForm kind={kind} projectId={projectId} reload={items.reload} /> : null}
    </section>
  );
}
