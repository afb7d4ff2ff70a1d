import { CodeListing } from './code-listing.tsx';
import { CourseLink } from '../components/course-link.tsx';
import { LineNote, LineNotes } from '../components/line-notes.tsx';
import { ModuleNav } from '../components/module-nav.tsx';
import { NativeReplies } from '../components/native-replies.tsx';
import { ReferenceList } from '../components/reference-list.tsx';
import { RelatedList } from '../components/related-list.tsx';
import { KeyPoint, Section, SubHeading, Takeaway } from '../components/section.tsx';
import { Difference } from '../components/try-it.tsx';
import { BullmqSlot, FatePickerSlot } from './slots.tsx';

/** The typed components the lesson's MDX may use; anything else is plain Markdown. */
export const mdxComponents = {
  BullmqSlot,
  CodeListing,
  CourseLink,
  Difference,
  FatePickerSlot,
  KeyPoint,
  LineNote,
  LineNotes,
  ModuleNav,
  NativeReplies,
  ReferenceList,
  RelatedList,
  Section,
  SubHeading,
  Takeaway,
};
