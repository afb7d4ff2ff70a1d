import { useEffect, useState } from 'react';
import { FatePicker, type FatePickerProps } from '../components/fate-picker/index.ts';
import { DEFAULT_FATE, FATE_PARAM, FATES, type FateId } from '../fates/picker.ts';
import { EmbedButton } from '../embed/EmbedButton.tsx';

/**
 * The lesson's fate picker, with an Embed button that embeds it at the fate shown. A link's
 * `?fate=` (an embed's "open the full lesson") opens it at that fate, once the page is live.
 */
export function PageFatePicker(props: FatePickerProps) {
  const [fate, setFate] = useState<FateId>(props.initial ?? DEFAULT_FATE);
  const [opened, setOpened] = useState<FateId | null>(null);
  useEffect(() => {
    const asked = new URLSearchParams(window.location.search).get(FATE_PARAM);
    const known = FATES.find((f) => f.id === asked);
    if (known) {
      setOpened(known.id);
      setFate(known.id);
    }
  }, []);
  return (
    <>
      <FatePicker
        {...props}
        key={opened ?? ''}
        initial={opened ?? props.initial}
        onFateChange={setFate}
      />
      <p className="embed-row">
        <EmbedButton widget="fates" fate={fate} />
      </p>
    </>
  );
}
