// The manifests of the three course packages, written from the specifications themselves:
// - SCORM 1.2: IMS Content Packaging 1.1.2 with ADL's adlcp extensions (SCORM 1.2 CAM §2.3),
// - SCORM 2004 4th edition: IMS CP 1.1.4 with adlcp v1p3 and IMS Simple Sequencing (CAM §3),
// - cmi5: the course structure (cmi5 spec §13, CourseStructure.xsd).
// Each names the one launch file and nothing the author did not ask for: a mastery score only
// when the build is given one.

/** What every package says about itself. */
export interface PackageInfo {
  title: string;
  description: string;
  /** the file a platform launches, relative to the package's root */
  launch: string;
  /** every file of the lesson, relative to the package's root, '/'-separated */
  files: readonly string[];
  /** the score (0..1, of the predictions) that passes; null: no mastery score, no pass/fail */
  masteryScore: number | null;
  /** the cmi5 course's and AU's IRIs */
  courseId: string;
}

import type { PackageKind } from '../src/lms/kinds.ts';

const xml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const fileList = (files: readonly string[], indent: string) =>
  files.map((f) => `${indent}<file href="${xml(encodeURI(f))}"/>`).join('\n');

/** What the two SCORM versions' manifests differ in: namespaces, names and the mastery score. */
interface ScormDialect {
  kind: 'scorm12' | 'scorm2004';
  version: string;
  namespaces: string;
  schemaversion: string;
  /** the resource's attribute that makes it a SCO (case differs between the versions) */
  scormType: string;
  /** what the item carries for a mastery score */
  mastery(score: number): string;
}

/** SCORM 1.2: IMS CP 1.1.2 with adlcp, the mastery score a percentage on the item. */
const SCORM12: ScormDialect = {
  kind: 'scorm12',
  version: '1.0',
  namespaces: `
    xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
    xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"`,
  schemaversion: '1.2',
  scormType: 'scormtype',
  mastery: (score) => `
        <adlcp:masteryscore>${Math.round(score * 100)}</adlcp:masteryscore>`,
};

/**
 * SCORM 2004 4th edition: IMS CP 1.1.4 with adlcp v1p3 and IMS Simple Sequencing. A mastery
 * score becomes the item's primary objective satisfied by measure (the platform hands it to the
 * SCO as cmi.scaled_passing_score); without one the item has no sequencing of its own, so the
 * platform's defaults apply.
 */
const SCORM2004: ScormDialect = {
  kind: 'scorm2004',
  version: '1',
  namespaces: `
    xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
    xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
    xmlns:imsss="http://www.imsglobal.org/xsd/imsss"`,
  schemaversion: '2004 4th Edition',
  scormType: 'scormType',
  mastery: (score) => `
        <imsss:sequencing>
          <imsss:objectives>
            <imsss:primaryObjective objectiveID="batch-lease-predictions" satisfiedByMeasure="true">
              <imsss:minNormalizedMeasure>${score}</imsss:minNormalizedMeasure>
            </imsss:primaryObjective>
          </imsss:objectives>
        </imsss:sequencing>`,
};

/** A SCORM imsmanifest.xml: one organization, one item, one SCO resource. */
function scormManifest(d: ScormDialect, p: PackageInfo): string {
  const mastery = p.masteryScore === null ? '' : d.mastery(p.masteryScore);
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="batch-lease-extension-${d.kind}" version="${d.version}"${d.namespaces}>
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>${d.schemaversion}</schemaversion>
  </metadata>
  <organizations default="batch-lease-org">
    <organization identifier="batch-lease-org">
      <title>${xml(p.title)}</title>
      <item identifier="batch-lease-item" identifierref="batch-lease-sco" isvisible="true">
        <title>${xml(p.title)}</title>${mastery}
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="batch-lease-sco" type="webcontent" adlcp:${d.scormType}="sco" href="${xml(p.launch)}">
${fileList(p.files, '      ')}
    </resource>
  </resources>
</manifest>
`;
}

/** SCORM 1.2's imsmanifest.xml. */
export const scorm12Manifest = (p: PackageInfo): string => scormManifest(SCORM12, p);

/** SCORM 2004 4th edition's imsmanifest.xml. */
export const scorm2004Manifest = (p: PackageInfo): string => scormManifest(SCORM2004, p);

/**
 * cmi5.xml: one course, one AU launched from the package's own file (a relative url: the
 * platform serves the package and resolves it). moveOn says what the platform counts as
 * satisfied: completion, and a pass too when a mastery score is set.
 */
export function cmi5CourseStructure(p: PackageInfo): string {
  const mastery = p.masteryScore === null ? '' : ` masteryScore="${p.masteryScore}"`;
  const moveOn = p.masteryScore === null ? 'Completed' : 'CompletedAndPassed';
  const lang = (text: string, indent: string) =>
    `${indent}<langstring lang="en-US">${xml(text)}</langstring>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<courseStructure xmlns="https://w3id.org/xapi/profiles/cmi5/v1/CourseStructure.xsd">
  <course id="${xml(p.courseId)}">
    <title>
${lang(p.title, '      ')}
    </title>
    <description>
${lang(p.description, '      ')}
    </description>
  </course>
  <au id="${xml(`${p.courseId}/au`)}" moveOn="${moveOn}"${mastery} launchMethod="AnyWindow">
    <title>
${lang(p.title, '      ')}
    </title>
    <description>
${lang(p.description, '      ')}
    </description>
    <url>${xml(encodeURI(p.launch))}</url>
  </au>
</courseStructure>
`;
}

/** The manifest file and its text for a package. */
export function manifestOf(kind: PackageKind, p: PackageInfo): { name: string; text: string } {
  if (kind === 'cmi5') return { name: 'cmi5.xml', text: cmi5CourseStructure(p) };
  return {
    name: 'imsmanifest.xml',
    text: kind === 'scorm12' ? scorm12Manifest(p) : scorm2004Manifest(p),
  };
}

/**
 * The mastery score the author asked for (`LMS_MASTERY_SCORE`, a fraction 0..1 of the
 * predictions right), or null when none was asked. A bad value stops the build with a reason.
 */
export function masteryFromEnv(value: string | undefined): number | null {
  if (value === undefined || value.trim() === '') return null;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > 1)
    throw new Error(
      `LMS_MASTERY_SCORE must be a fraction from 0 to 1 (0.8 passes at 80%); it was "${value}"`,
    );
  return n;
}
