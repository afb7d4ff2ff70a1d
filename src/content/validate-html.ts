// Checks the rendered lesson (the prerendered HTML) for the promises the page makes:
// every in-page link lands, headings never skip a level, sections come in the seed's
// order, every listing line is addressable. Node-side only: no DOM needed.
import { comparePresets } from '../../content/presets.ts';
import { references } from '../../content/references.ts';
import { lessonOutline } from './schema.ts';

/** What the check needs besides the HTML: each listing's line count from its source. */
export interface HtmlExpectations {
  listingLines: Record<string, number>;
  /** the course site's base, or null when the page has none (then no course page is a link) */
  courseBase: string | null;
}

function decode(value: string): string {
  return value
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

/** Whether a `#stepper?s=…` parameter is base64url text holding a JSON object. */
function scenarioParamReads(param: string | null): boolean {
  if (!param || !/^[A-Za-z0-9_-]+$/.test(param)) return false;
  try {
    const json: unknown = JSON.parse(atob(param.replace(/-/g, '+').replace(/_/g, '/')));
    return typeof json === 'object' && json !== null && !Array.isArray(json);
  } catch {
    return false;
  }
}

/** All problems found in the rendered lesson; an empty list means it passes. */
export function checkLessonHtml(html: string, expect: HtmlExpectations): string[] {
  const problems: string[] = [];
  const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => decode(m[1] ?? ''));
  const idSet = new Set(ids);
  if (idSet.size !== ids.length) {
    const seen = new Set<string>();
    for (const id of ids) {
      if (seen.has(id)) problems.push(`duplicate id: ${id}`);
      seen.add(id);
    }
  }

  // in-page links: a plain #id must exist; a #stepper?preset=… link must name a preset
  const presetsLinked = new Set<string>();
  for (const m of html.matchAll(/\shref="#([^"]*)"/g)) {
    const target = decode(m[1] ?? '');
    if (target.startsWith('stepper?s=')) {
      // a whole scenario (the fate picker's "step it"): base64url JSON here; the stepper's own
      // decoder is run on every such link by src/fates/compute.test.ts, where the core loads
      if (!scenarioParamReads(new URLSearchParams(target.slice('stepper?'.length)).get('s'))) {
        problems.push(`stepper link the stepper cannot read: #${target}`);
      }
      if (!idSet.has('stepper')) problems.push('a stepper link, but no #stepper on the page');
    } else if (target.startsWith('stepper?')) {
      const preset = new URLSearchParams(target.slice('stepper?'.length)).get('preset') ?? '';
      if (!(comparePresets as readonly string[]).includes(preset)) {
        problems.push(`unknown stepper preset in link: #${target}`);
      }
      presetsLinked.add(preset);
      if (!idSet.has('stepper')) problems.push('a stepper link, but no #stepper on the page');
    } else if (!idSet.has(target)) {
      problems.push(`in-page link to a missing id: #${target}`);
    }
  }
  for (const preset of comparePresets) {
    if (!presetsLinked.has(preset)) problems.push(`no "try it" link for preset ${preset}`);
  }

  // headings: one h1 first, and never a jump of more than one level down
  const levels = [...html.matchAll(/<h([1-6])[\s>]/g)].map((m) => Number(m[1]));
  if (levels[0] !== 1) problems.push('the first heading is not an h1');
  if (levels.filter((l) => l === 1).length !== 1) problems.push('there must be exactly one h1');
  levels.forEach((level, i) => {
    const prev = levels[i - 1];
    if (prev !== undefined && level > prev + 1) {
      problems.push(`heading level skipped: h${prev} then h${level} (heading ${i + 1})`);
    }
  });

  // sections: the outline's h2 ids, in the seed's order
  const h2s = [...html.matchAll(/<h2[^>]*\sid="([^"]+)"/g)].map((m) => m[1] ?? '');
  const order = h2s.filter((id) => (lessonOutline as readonly string[]).includes(id));
  if (order.join(' ') !== lessonOutline.join(' ')) {
    problems.push(`sections out of order: ${order.join(', ')}`);
  }

  // listings: every rendered listing has an addressable span for every source line
  for (const [name, count] of Object.entries(expect.listingLines)) {
    if (!html.includes(`data-listing="${name}"`)) continue;
    for (let n = 1; n <= count; n++) {
      if (!idSet.has(`L-${name}-${n}`)) problems.push(`listing ${name}: line ${n} has no anchor`);
    }
    if (idSet.has(`L-${name}-${count + 1}`))
      problems.push(`listing ${name}: more lines than its source`);
  }

  // links out: every reference present, every course link under the one base
  for (const ref of references) {
    if (!html.includes(`href="${ref.url}"`)) problems.push(`reference missing: ${ref.url}`);
  }
  for (const m of html.matchAll(/href="([^"]+)" data-course-page="([^"]+)"/g)) {
    if (expect.courseBase === null) {
      problems.push(`course link ${m[2]} leads nowhere: the page has no course site`);
    } else if (!(m[1] ?? '').startsWith(expect.courseBase)) {
      problems.push(`course link ${m[2]} is not under ${expect.courseBase}`);
    }
  }
  return problems;
}
