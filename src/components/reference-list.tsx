import { references } from '../../content/references.ts';

/** The sources, each linked to its real page. */
export function ReferenceList() {
  return (
    <ul className="link-list">
      {references.map((ref) => (
        <li key={ref.url}>
          <a href={ref.url} rel="external">
            {ref.title}
          </a>{' '}
          — {ref.note}
        </li>
      ))}
    </ul>
  );
}
