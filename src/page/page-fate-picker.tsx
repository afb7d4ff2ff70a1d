import { useState } from 'react';
import { FatePicker, type FatePickerProps } from '../components/fate-picker/index.ts';
import { DEFAULT_FATE, type FateId } from '../fates/picker.ts';
import { EmbedButton } from '../embed/EmbedButton.tsx';

/** The lesson's fate picker, with an Embed button that embeds it at the fate shown. */
export function PageFatePicker(props: FatePickerProps) {
  const [fate, setFate] = useState<FateId>(props.initial ?? DEFAULT_FATE);
  return (
    <>
      <FatePicker {...props} onFateChange={setFate} />
      <p className="embed-row">
        <EmbedButton widget="fates" fate={fate} />
      </p>
    </>
  );
}
