import { reconstructedWords } from '../../content/reconstructed.ts';

/**
 * The note on something the lesson shows that EchoMQ's material does not print: the label,
 * then what of it is reconstructed (content/reconstructed.ts). `className` fits it to where it
 * stands: under a listing, a table, a fate's answers.
 */
export function ReconstructedNote({ note, className }: { note: string; className?: string }) {
  return (
    <p className={className} data-part="reconstructed">
      <strong>{reconstructedWords.label}</strong> {note}
    </p>
  );
}
