/**
 * A long label whose start alone shows where its row is narrow (a phone's row of controls that
 * scrolls sideways): `head`, then the rest of `text` in a span of `tailClass`, which the
 * caller's CSS hides from sight there while a screen reader still reads it, so the control's
 * name is the whole label on every screen and its visible words are the start of that name.
 * `head` must be a shorter start of `text`: both come from the content, whose check
 * (`headProblems` in src/content/schema.ts) refuses the build otherwise.
 */
export function LabelHead({
  text,
  head,
  tailClass,
}: {
  text: string;
  head: string;
  tailClass: string | undefined;
}) {
  // the space between stays with the head: a name computed from the parts trims each element's
  // words, so a space that opened the tail's span was lost ("commandfor this run")
  const rest = text.slice(head.length);
  const tail = rest.trimStart();
  const space = rest.slice(0, rest.length - tail.length);
  // one span holds both parts: in a flex row (predict mode's label) each bare part was an item
  // of its own, set apart by the row's gap, and a laptop read "Predict mode : pick each…"
  return (
    <span>
      {head + space}
      <span className={tailClass}>{tail}</span>
    </span>
  );
}
