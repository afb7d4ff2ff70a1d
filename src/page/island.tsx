import type { ComponentProps, ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { islands, type IslandName } from './islands.ts';

type IslandProps<N extends IslandName> = ComponentProps<(typeof islands)[N]>;

/**
 * Marks an interactive part of the page. In the build it is rendered as its own root
 * (so its ids match what `hydrateRoot` on that element will produce), with its props
 * beside it as JSON; the client hydrates each such root alone. In the dev server the
 * whole page renders on the client and the island is just its component.
 */
export function Island<N extends IslandName>({ name, props }: { name: N; props: IslandProps<N> }) {
  // each name's props are checked at the call site; inside, the component takes them as they are
  const Component = islands[name] as unknown as (p: object) => ReactNode;
  const own = props as object;
  const data = JSON.stringify(props);
  if (import.meta.env.SSR) {
    return (
      <div
        data-island={name}
        data-props={data}
        className="island"
        dangerouslySetInnerHTML={{ __html: renderToString(<Component {...own} />) }}
      />
    );
  }
  return (
    <div data-island={name} data-props={data} className="island">
      <Component {...own} />
    </div>
  );
}
