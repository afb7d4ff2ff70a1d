import Intro from '../../content/intro.mdx';
import Lesson from '../../content/lesson.mdx';
import { lessonMeta } from '../content/lesson-meta.ts';
import { mdxComponents } from './mdx-components.ts';
import { SiteHeader } from './site-header.tsx';
import { StepperSlot } from './slots.tsx';
import { OnThisPage, TitleBlock } from './title-block.tsx';

/**
 * The lesson page, one column on every screen: the introduction, then the stepper (on a wide
 * screen it takes the page's width, as code and state side by side need), then the lesson.
 */
export function App() {
  return (
    <>
      <a className="skip-link" href="#lesson">
        Skip to the lesson
      </a>
      <SiteHeader />
      <main className="page" id="lesson" tabIndex={-1}>
        <div className="page-intro">
          <TitleBlock meta={lessonMeta} />
          <div className="intro prose">
            <Intro components={mdxComponents} />
          </div>
          <OnThisPage meta={lessonMeta} />
        </div>
        <div className="page-aside">
          <StepperSlot />
        </div>
        <article className="page-lesson prose">
          <Lesson components={mdxComponents} />
        </article>
      </main>
      <footer className="site-footer">
        <p>
          EchoMQ course · The Queue · Batches · dive 03. Lesson text and listings written for this
          course; command pages link to their projects.
        </p>
      </footer>
    </>
  );
}
