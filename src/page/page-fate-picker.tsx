import { useCallback, useEffect, useState } from 'react';
import { FatePicker, type FatePickerProps } from '../components/fate-picker/index.ts';
import { DEFAULT_FATE, FATE_PARAM, FATES, type FateId } from '../fates/picker.ts';
import { EmbedButton } from '../embed/EmbedButton.tsx';
import { pageEmitter } from '../lms/lesson-events.ts';

/**
 * The lesson's fate picker, with an Embed button that embeds it at the fate shown. A link's
 * `?fate=` (an embed's "open the full lesson") opens it at that fate, once the page is live.
 */
export function PageFatePicker(props: FatePickerProps) {
  const [fate, setFate] = useState<FateId>(props.initial ?? DEFAULT_FATE);
  const [opened, setOpened] = useState<FateId | null>(null);
  useEffect(() => {
    const read = () => {
      const asked = new URLSearchParams(window.location.search).get(FATE_PARAM);
      const known = FATES.find((f) => f.id === asked);
      if (known) {
        setOpened(known.id);
        setFate(known.id);
      }
    };
    read();
    // a course platform's runtime restores the learner's place with a hashchange
    window.addEventListener('hashchange', read);
    return () => window.removeEventListener('hashchange', read);
  }, []);
  const onFateChange = useCallback((picked: FateId) => {
    setFate(picked);
    // in a course package, the platform records the fate picked as an answer
    pageEmitter('fates')?.('answered', { member: null, id: 'fate', answer: picked, right: null });
  }, []);
  return (
    <>
      <FatePicker
        {...props}
        key={opened ?? ''}
        initial={opened ?? props.initial}
        onFateChange={onFateChange}
      />
      <div className="embed-row">
        <EmbedButton widget="fates" fate={fate} />
      </div>
    </>
  );
}
