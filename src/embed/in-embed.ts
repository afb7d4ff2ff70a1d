import { createContext, useContext } from 'react';

/** Where a widget renders: the lesson page, an embed page, or a custom element on a host page. */
export interface EmbedPlace {
  /** inside an embedded widget: parts that belong to the lesson page only (Embed buttons) leave themselves out */
  embedded: boolean;
  /**
   * the page's URL and storage are the widget's own (the lesson, an embed page); false inside a
   * custom element, where the host's URL is not ours to write and instances must not share
   */
  ownsPage: boolean;
  /**
   * a custom element on another origin's page may start the simulator's worker from a `blob:`
   * bootstrap (its `off-thread` attribute; the host's CSP must allow it); the lesson and the
   * embed pages start theirs from the lesson's own URL whatever this says
   */
  offThread: boolean;
}

export const EmbedPlaceContext = createContext<EmbedPlace>({
  embedded: false,
  ownsPage: true,
  offThread: false,
});

/** Where the component renders (the lesson page unless an embed says otherwise). */
export const useEmbedPlace = (): EmbedPlace => useContext(EmbedPlaceContext);
