import type { ReactNode } from 'react';
import { InlineText } from './inline-text.tsx';

/** A top-level lesson section: a `<section>` named by its `<h2>`, with a stable id. */
export function Section({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <section className="lesson-section" aria-labelledby={id}>
      <h2 id={id}>
        <InlineText text={title} />
      </h2>
      {children}
    </section>
  );
}

/** A sub-heading inside a section, with a stable id. */
export function SubHeading({ id, title }: { id: string; title: string }) {
  return (
    <h3 id={id}>
      <InlineText text={title} />
    </h3>
  );
}

/** A highlighted aside in the text: the point a section turns on. */
export function KeyPoint({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="key-point">
      <p className="key-point-title">{title}</p>
      {children}
    </div>
  );
}

/** The one-sentence takeaway that closes a section. */
export function Takeaway({ children }: { children?: ReactNode }) {
  return <div className="takeaway">{children}</div>;
}
