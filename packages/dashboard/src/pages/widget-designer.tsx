import { type Signal, useSignal } from '@preact/signals';
import type { ComponentChildren } from 'preact';
import { useEffect } from 'preact/hooks';
import { type Branding, type PublishableKey, updateBranding } from '../api/website.ts';
import { type MessageKey, t } from '../i18n/index.ts';
import { announce } from '../state/status.ts';
import { AA_CONTRAST, contrastRatio } from '../ui/contrast.ts';
import { CopyField } from '../ui/copy-field.tsx';
import { Form, useSubmit } from '../ui/form.tsx';
import type { Resource } from '../ui/resource.ts';
import { type Design, designOf, patchOf, snippetOf } from './widget-design.ts';
import { WidgetPreview } from './widget-preview.tsx';

/** The colour pairs the widget draws text with, and the warning each gives when it falls short of AA. */
function contrastProblems(design: Design): string[] {
  const pairs: [string, string, MessageKey][] = [
    [design.text, design.background, 'contrastTextBackground'],
    [design.accent, design.background, 'contrastAccentBackground'],
    [design.accent, '#ffffff', 'contrastAccentWhite'],
  ];
  return pairs.flatMap(([a, b, message]) => {
    const ratio = contrastRatio(a, b);
    return ratio >= AA_CONTRAST ? [] : [t(message, { ratio: ratio.toFixed(2) })];
  });
}

function Control({
  id,
  label,
  hint,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  children: ComponentChildren;
}) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      {hint ? (
        <p id={`${id}-hint`} class="hint">
          {hint}
        </p>
      ) : null}
      {children}
    </div>
  );
}

type TextKey = 'accent' | 'text' | 'background' | 'font' | 'radius' | 'height' | 'searchRadius' | 'limit';

function Input({
  design,
  field,
  label,
  type,
  hint,
  errors,
  describedBy,
  ...limits
}: {
  design: Signal<Design>;
  field: TextKey;
  label: string;
  type: 'color' | 'text' | 'number';
  hint?: string;
  errors?: string[];
  describedBy?: string;
  min?: number;
  max?: number;
  step?: string;
}) {
  const id = `design-${field}`;
  const described = [hint ? `${id}-hint` : '', describedBy ?? '', errors?.length ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <Control id={id} label={label} hint={hint}>
      <input
        id={id}
        type={type as 'text'}
        value={design.value[field]}
        onInput={(event) => {
          design.value = { ...design.value, [field]: event.currentTarget.value };
        }}
        aria-describedby={described || undefined}
        aria-invalid={errors?.length ? 'true' : undefined}
        {...limits}
      />
      {errors?.length ? (
        <p id={`${id}-error`} class="field-error">
          {errors.join(' ')}
        </p>
      ) : null}
    </Control>
  );
}

function Choice<K extends 'units' | 'language' | 'consent'>({
  design,
  field,
  label,
  options,
}: {
  design: Signal<Design>;
  field: K;
  label: string;
  options: [Design[K], string][];
}) {
  const id = `design-${field}`;
  return (
    <Control id={id} label={label}>
      <select
        id={id}
        value={design.value[field]}
        onChange={(event) => {
          design.value = { ...design.value, [field]: event.currentTarget.value };
        }}
      >
        {options.map(([value, name]) => (
          <option key={value} value={value}>
            {name}
          </option>
        ))}
      </select>
    </Control>
  );
}

/**
 * The store finder's design: colours (warned when they fall short of WCAG AA), font, corners, height, units, language,
 * radius, result count and consent, with the real widget as a live preview, the embed code and the hosted finder's link.
 */
export function WidgetDesigner({
  projectId,
  branding,
  keys,
  canChange,
}: {
  projectId: string;
  branding: Resource<Branding>;
  keys: Resource<PublishableKey[]>;
  canChange: boolean;
}) {
  const saved = branding.data.value;
  const design = useSignal<Design | undefined>(undefined);
  const chosenKey = useSignal('');
  useEffect(() => {
    if (saved) design.value = designOf(saved);
  }, [saved]);
  const active = (keys.data.value ?? []).filter((key) => key.revoked_at === null);
  const key = active.find((candidate) => candidate.key === chosenKey.value)?.key ?? active[0]?.key;
  const submission = useSubmit(async () => {
    if (!design.value) return;
    await updateBranding(projectId, patchOf(design.value));
    announce(t('designSaved'));
    await branding.reload();
  });
  const current = design.value;
  if (!saved || !current) return null;
  const editable = design as Signal<Design>;
  const problems = contrastProblems(current);
  const errors = submission.errors.value;
  const origin = globalThis.location.origin;
  return (
    <section aria-labelledby="designer-heading">
      <h2 id="designer-heading">{t('designerHeading')}</h2>
      <p>{t('designerIntro')}</p>
      {canChange ? null : <p class="notice">{t('designerReadOnly')}</p>}
      <div class="designer">
        <Form submission={submission} label={t('designerHeading')}>
          <fieldset class="field" disabled={!canChange}>
            <legend class="visually-hidden">{t('designerHeading')}</legend>
            <Input
              design={editable}
              field="accent"
              label={t('accentColour')}
              type="color"
              describedBy="contrast"
              errors={errors.brand_color}
            />
            <Input
              design={editable}
              field="text"
              label={t('textColour')}
              type="color"
              describedBy="contrast"
              errors={errors.text_color}
            />
            <Input
              design={editable}
              field="background"
              label={t('backgroundColour')}
              type="color"
              describedBy="contrast"
              errors={errors.background_color}
            />
            <div id="contrast" class={problems.length ? 'warning' : 'hint'} aria-live="polite">
              {problems.length ? (
                <ul class="warning-list">
                  {problems.map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </ul>
              ) : (
                t('contrastOk')
              )}
            </div>
            <Input
              design={editable}
              field="font"
              label={t('font')}
              type="text"
              hint={t('fontHint')}
              errors={errors.font_family}
            />
            <Input
              design={editable}
              field="radius"
              label={t('cornerRadius')}
              type="number"
              min={0}
              max={32}
              errors={errors.corner_radius}
            />
            <Input
              design={editable}
              field="height"
              label={t('widgetHeight')}
              type="number"
              min={320}
              max={1600}
              errors={errors.height}
            />
            <Choice
              design={editable}
              field="units"
              label={t('widgetUnits')}
              options={[
                ['', t('unitsAuto')],
                ['km', t('unitKm')],
                ['mi', t('unitMi')],
              ]}
            />
            <Input
              design={editable}
              field="searchRadius"
              label={t('searchRadius')}
              type="number"
              min={1}
              max={1000}
              step="any"
              errors={errors.search_radius}
            />
            <Input
              design={editable}
              field="limit"
              label={t('resultLimit')}
              type="number"
              min={1}
              max={100}
              errors={errors.result_limit}
            />
            <Choice
              design={editable}
              field="language"
              label={t('widgetLanguage')}
              options={[
                ['', t('languageAuto')],
                ['en', 'English'],
                ['de', 'Deutsch'],
                ['fr', 'Français'],
                ['es', 'Español'],
                ['nl', 'Nederlands'],
              ]}
            />
            <Choice
              design={editable}
              field="consent"
              label={t('mapConsent')}
              options={[
                ['', t('consentNone')],
                ['click', t('consentClick')],
              ]}
            />
          </fieldset>
          {canChange ? (
            <>
              {problems.length ? <p class="field-error">{t('contrastBlocksSave')}</p> : null}
              <button type="submit" class="primary" disabled={submission.pending.value || problems.length > 0}>
                {t('saveDesign')}
              </button>
            </>
          ) : null}
        </Form>
        <div class="designer-output">
          {key ? (
            <>
              {active.length > 1 ? (
                <Control id="design-key" label={t('designerKey')}>
                  <select
                    id="design-key"
                    value={key}
                    onChange={(event) => {
                      chosenKey.value = event.currentTarget.value;
                    }}
                  >
                    {active.map((candidate) => (
                      <option key={candidate.id} value={candidate.key}>
                        {candidate.key}
                      </option>
                    ))}
                  </select>
                </Control>
              ) : null}
              <CopyField
                id="embed-code"
                label={t('snippetLabel')}
                value={snippetOf(origin, key, current, designOf(saved))}
                hint={t('snippetHint')}
              />
              <CopyField
                id="hosted-finder"
                label={t('hostedLink')}
                value={`${origin}/finder/${key}`}
                hint={t('hostedLinkHint')}
              />
              <p>
                <a href={`${origin}/finder/${key}`} target="_blank" rel="noopener">
                  {t('hostedLink')}
                </a>
              </p>
              <h3>{t('previewHeading')}</h3>
              <WidgetPreview publicKey={key} design={current} />
            </>
          ) : (
            <p class="notice">{t('designerNoKey')}</p>
          )}
        </div>
      </div>
    </section>
  );
}
