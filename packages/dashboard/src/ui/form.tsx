import { type Signal, useSignal } from '@preact/signals';
import type { ComponentChildren } from 'preact';
import { t } from '../i18n/index.ts';
import { announceError, clearStatus, fieldErrorsOf } from '../state/status.ts';

interface FieldProps {
  /** Unique in the page: the input's id, and the name of its field errors. */
  id: string;
  label: string;
  value: Signal<string>;
  type?: 'text' | 'email' | 'password' | 'number' | 'url';
  /** Field errors of the last answer, by field name (the API's names). */
  errors?: Record<string, string[]>;
  /** The API's name of the field, when it differs from `id`. */
  name?: string;
  hint?: string;
  autocomplete?: string;
  required?: boolean;
  minLength?: number;
  min?: number;
  max?: number;
}

/** A labelled input with its hint and, after a refused answer, its errors, tied to it for assistive technology. */
export function Field({ id, label, value, type = 'text', errors = {}, name = id, hint, ...rest }: FieldProps) {
  const messages = errors[name] ?? [];
  const described = [hint ? `${id}-hint` : '', messages.length ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div class="field">
      <label for={id}>{label}</label>
      {hint ? (
        <p id={`${id}-hint`} class="hint">
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        name={name}
        // Preact's types tie the ARIA role an input may have to its type; this input keeps its implicit role.
        type={type as 'text'}
        value={value.value}
        onInput={(event) => {
          value.value = event.currentTarget.value;
        }}
        aria-invalid={messages.length ? 'true' : undefined}
        aria-describedby={described || undefined}
        autoComplete={rest.autocomplete}
        required={rest.required}
        minLength={rest.minLength}
        min={rest.min}
        max={rest.max}
      />
      {messages.length ? (
        <p id={`${id}-error`} class="field-error">
          {messages.join(' ')}
        </p>
      ) : null}
    </div>
  );
}

export interface Submission {
  pending: Signal<boolean>;
  errors: Signal<Record<string, string[]>>;
  onSubmit: (event: Event) => Promise<void>;
}

/**
 * A form's submit: runs `action` once at a time; a refusal goes to the status line and its field errors beside the
 * fields, and what was typed stays.
 */
export function useSubmit(action: () => Promise<void>): Submission {
  const pending = useSignal(false);
  const errors = useSignal<Record<string, string[]>>({});
  return {
    pending,
    errors,
    onSubmit: async (event: Event) => {
      event.preventDefault();
      if (pending.value) return;
      pending.value = true;
      errors.value = {};
      clearStatus();
      try {
        await action();
      } catch (error) {
        errors.value = fieldErrorsOf(error);
        announceError(error);
      } finally {
        pending.value = false;
      }
    },
  };
}

export function Form({
  submission,
  label,
  children,
}: {
  submission: Submission;
  /** The accessible name of the form, when the page has more than one. */
  label?: string;
  children: ComponentChildren;
}) {
  return (
    <form class="form" onSubmit={submission.onSubmit} aria-label={label} aria-busy={submission.pending.value}>
      {children}
    </form>
  );
}

export function SubmitButton({ submission, children }: { submission: Submission; children: ComponentChildren }) {
  return (
    <button type="submit" class="primary" disabled={submission.pending.value}>
      {children}
    </button>
  );
}

/** The least length of a password the server takes. */
export const PASSWORD_MIN_LENGTH = 10;

type FieldOf = Pick<FieldProps, 'value' | 'errors'> & Partial<Pick<FieldProps, 'id' | 'name' | 'label'>>;

/** A new password: its rule as a hint, and the browser's password manager offered to make one. */
export function NewPasswordField({ id = 'password', label = t('newPassword'), ...rest }: FieldOf) {
  return (
    <Field
      id={id}
      label={label}
      type="password"
      hint={t('passwordHint', { min: PASSWORD_MIN_LENGTH })}
      autocomplete="new-password"
      minLength={PASSWORD_MIN_LENGTH}
      required
      {...rest}
    />
  );
}

/** The e-mail a person signs in with. */
export function EmailField({ id = 'email', autocomplete = 'email', ...rest }: FieldOf & { autocomplete?: string }) {
  return <Field id={id} label={t('email')} type="email" autocomplete={autocomplete} required {...rest} />;
}
