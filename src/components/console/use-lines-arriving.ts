import { useEffect, useState } from 'react';
import { sharedIn } from '../../console/share.ts';

/**
 * Console lines that arrive after the page has loaded: a hash change that carries them (a link
 * followed within the page, or a course platform's runtime restoring the learner's place,
 * src/lms/progress.ts). The console's own writes of its lines replace the hash without such an
 * event, so each one is lines from elsewhere. Answers how many have arrived, so an open console
 * starts afresh from them (opening the console is the stepper machine's, from the same link).
 * Only on the page that owns the URL.
 */
export function useLinesArriving(ownsPage: boolean): number {
  const [arrivals, setArrivals] = useState(0);
  useEffect(() => {
    if (!ownsPage) return;
    const read = () => {
      if (sharedIn(window.location) === null) return;
      setArrivals((n) => n + 1);
    };
    window.addEventListener('hashchange', read);
    return () => window.removeEventListener('hashchange', read);
  }, [ownsPage]);
  return arrivals;
}
