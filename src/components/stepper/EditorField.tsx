/**
 * The scenario editor's two kinds of field: a text input with its refusal beneath it, and a
 * choice among fixed options. Each is a label wrapping its control, so the caption is the
 * control's visible name; `label` is the shorter name a screen reader announces.
 */
import type { ReactNode } from 'react';
import s from './stepper.module.css';

interface TextFieldProps {
  /** the element id of the input; its refusal gets `${id}-err` */
  id: string;
  /** the visible caption, e.g. "lease_ms (ARGV[1])" */
  caption: ReactNode;
  /** the accessible name, e.g. "lease_ms" */
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** why the editor refuses what is typed, or undefined when it is fine */
  error?: string | undefined;
  inputMode?: 'numeric';
  placeholder?: string;
}

/** A text field that keeps what was typed and says beneath it why it is refused. */
export function TextField({
  id,
  caption,
  label,
  value,
  onChange,
  error,
  inputMode,
  placeholder,
}: TextFieldProps) {
  const errorId = `${id}-err`;
  return (
    <label className={s.field}>
      {caption}
      <input
        id={id}
        className={s.input}
        aria-label={label}
        aria-invalid={error ? 'true' : 'false'}
        aria-describedby={error ? errorId : undefined}
        spellCheck={false}
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        inputMode={inputMode}
        placeholder={placeholder}
      />
      {error ? (
        <p className={s.error} id={errorId} role="status">
          {error}
        </p>
      ) : null}
    </label>
  );
}

interface ChoiceFieldProps<T extends string> {
  caption: ReactNode;
  /** the accessible name when the caption alone is ambiguous (one of many pairs) */
  label?: string;
  value: T;
  /** each option's value and its words, in the order listed */
  options: readonly (readonly [T, string])[];
  onChange: (value: T) => void;
}

/** A choice among fixed options. */
export function ChoiceField<T extends string>({
  caption,
  label,
  value,
  options,
  onChange,
}: ChoiceFieldProps<T>) {
  return (
    <label className={s.field}>
      {caption}
      <select
        className={s.select}
        aria-label={label}
        value={value}
        onChange={(e) => onChange(e.target.value as T)}
      >
        {options.map(([v, words]) => (
          <option key={v} value={v}>
            {words}
          </option>
        ))}
      </select>
    </label>
  );
}
