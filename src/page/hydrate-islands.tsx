import { StrictMode, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { islands, type IslandName } from './islands.ts';

/** Hydrates every island the build rendered; each is its own React root. */
export function hydrateIslands(doc: Document = document): void {
  for (const el of doc.querySelectorAll<HTMLElement>('[data-island]')) {
    const name = el.dataset.island as IslandName;
    const Component = islands[name] as unknown as (p: object) => ReactNode;
    if (!Component) continue;
    const props = JSON.parse(el.dataset.props ?? '{}') as object;
    hydrateRoot(
      el,
      <StrictMode>
        <Component {...props} />
      </StrictMode>,
    );
  }
}
