import type { ReactNode } from 'react';
import { InlineText } from './inline-text.tsx';
import { stepperHref, type ComparePreset } from '../../content/presets.ts';

/**
 * A "try it" link that opens a stepper preset in compare mode (script beside native).
 * It is a plain in-page link, so it works before the stepper exists.
 */
export function TryIt({
  preset,
  label,
  short,
}: {
  preset: ComparePreset;
  label: string;
  /** A visible tag, for when one difference has more than one "try it". */
  short?: string;
}) {
  return (
    <a className="try-it" href={stepperHref(preset)} data-preset={preset}>
      <span aria-hidden="true">▸</span>
      <span>
        Try it{short ? ` · ${short}` : ''}
        <span className="sr-only">: {label}</span>
      </span>
    </a>
  );
}

/** One item in the list of differences, with its "try it" links at the end. */
export function Difference({
  title,
  presets,
  children,
}: {
  title: string;
  presets?: ReadonlyArray<{ preset: ComparePreset; label: string; short?: string }>;
  children?: ReactNode;
}) {
  return (
    <li className="difference">
      <div className="difference-text">
        <strong>
          <InlineText text={title} />
        </strong>{' '}
        {children}
      </div>
      {presets && presets.length > 0 ? (
        <div className="difference-actions">
          {presets.map((p) => (
            <TryIt key={p.preset} preset={p.preset} label={p.label} short={p.short} />
          ))}
        </div>
      ) : null}
    </li>
  );
}
