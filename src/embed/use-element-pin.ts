import { useEffect, useState } from 'react';
import { readElementPin, type ElementPin } from './element-pin.ts';

/**
 * The custom elements' versioned module and its hash, as this site was built (null until read,
 * and where the site has none, as in the dev server): the element snippet pins it.
 */
export function useElementPin(siteUrl: string): ElementPin | null {
  const [pin, setPin] = useState<ElementPin | null>(null);
  useEffect(() => {
    let live = true;
    void readElementPin(siteUrl).then((p) => live && setPin(p));
    return () => {
      live = false;
    };
  }, [siteUrl]);
  return pin;
}
