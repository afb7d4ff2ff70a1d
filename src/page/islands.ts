/**
 * The interactive parts of the page, by name. Only these hydrate: the lesson text and
 * its listings stay the HTML the build wrote, so the browser never downloads the
 * content a second time as JavaScript.
 */
import { CopyButton } from '../components/copy-button.tsx';
import { ThemeToggle } from '../components/theme-toggle.tsx';
import { PageBullmq } from './page-bullmq.tsx';
import { PageFatePicker } from './page-fate-picker.tsx';
import { PageStepper } from './page-stepper.tsx';

export const islands = {
  stepper: PageStepper,
  'fate-picker': PageFatePicker,
  bullmq: PageBullmq,
  'theme-toggle': ThemeToggle,
  copy: CopyButton,
} as const;

export type IslandName = keyof typeof islands;
