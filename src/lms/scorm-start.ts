/** The SCORM runtime's lazy entry: hands it the lesson's fates (SCORM 1.2 answers by their letter). */
import { FATES } from '../fates/picker.ts';
import { startScorm, type Scorm12Api, type Scorm2004Api } from './scorm.ts';

export function startScormWithLesson(version: '1.2' | '2004', api: object, win: Window): boolean {
  return startScorm({
    version,
    api: api as Scorm12Api | Scorm2004Api,
    fates: FATES.map((f) => f.id),
    win,
  });
}
