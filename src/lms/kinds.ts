/**
 * The course packages the build writes, by the name their zip and their page carry. A leaf,
 * light enough for the page's first load: the build's packager and the page's launch code both
 * read it.
 */
export const PACKAGE_KINDS = ['scorm12', 'scorm2004', 'cmi5'] as const;
export type PackageKind = (typeof PACKAGE_KINDS)[number];

/** The `<meta name>` whose content names the package a page was built into. */
export const PACKAGE_META = 'batch-lease-package';

/**
 * The attribute on a package page's `<html>` that names its package too, for the stylesheet: a
 * rule keyed on the root's own attribute is matched once, where `:root:has(meta[…])` made the
 * browser check the whole document again on every change to the page (each step of the stepper).
 */
export const PACKAGE_ATTRIBUTE = 'data-batch-lease-package';

/** The package this page was built into, from its `<meta>`; null for the web lesson. */
export function launchedPackage(doc: Document = document): PackageKind | null {
  const content = doc.querySelector(`meta[name="${PACKAGE_META}"]`)?.getAttribute('content');
  return (PACKAGE_KINDS as readonly string[]).includes(content ?? '')
    ? (content as PackageKind)
    : null;
}
