import type { CDPSession, Frame, Page } from 'playwright';
import { recordedQuery } from '../../ir/index.js';
import type { Probe } from '../locate.js';
import { cdpSession, forgetFrameSession, outOfProcessSession } from './cdp.js';
import { elementPathInPage, locatorOfPaths, type QueryAnswer } from '../element-path.js';

/** Chrome reports text runs as nodes too; Puppeteer's ARIA query leaves them out, and so do we. */
const NOT_ELEMENTS = new Set(['StaticText', 'InlineTextBox']);

export interface AriaQuery {
  name?: string;
  role?: string;
  /** Child-frame indexes from the main frame down (DevTools `frame`). */
  framePath?: number[];
}

/**
 * The elements Chrome's accessibility tree says have exactly this computed name (and role), in
 * tree order: CDP `Accessibility.queryAXTree` on the frame's document, ignored nodes and text
 * runs dropped — Puppeteer's `aria/` query handler, which @puppeteer/replay uses. Each node is
 * then named by its path (`:nth-child` steps from the root) so Playwright can act on
 * it; the path is read fresh on every look, so it never outlives the page it was read from.
 * Undefined when the tree cannot be asked (a page going away, an in-process frame inside a
 * cross-process one).
 */
export async function queryAccessibilityTree(
  page: Page,
  q: AriaQuery,
  /** Run on the element when there is exactly one, in the round trip that names it (locate.ts's probe). */
  probe?: Probe,
): Promise<QueryAnswer | undefined> {
  const frame = childFrame(page, q.framePath ?? []);
  if (!frame) return undefined;
  // A cross-site frame has a session (and document) of its own; any other frame is reached from the page's.
  const own = frame.parentFrame() ? await outOfProcessSession(frame) : undefined;
  try {
    const cdp = own ?? (await cdpSession(page));
    const root = own ? (await own.send('DOM.getDocument', { depth: 0 })).root.backendNodeId : await documentOf(cdp, q.framePath ?? []);
    if (root === undefined) return undefined;
    const { nodes } = await cdp.send('Accessibility.queryAXTree', {
      backendNodeId: root,
      ...(q.name !== undefined ? { accessibleName: q.name } : {}),
      ...(q.role ? { role: q.role } : {}),
    });
    const ids = nodes
      .filter((n) => !n.ignored && n.role && !NOT_ELEMENTS.has(String(n.role.value)) && n.backendDOMNodeId !== undefined)
      .map((n) => n.backendDOMNodeId!);
    const paths: string[] = [];
    let probed: unknown;
    for (const id of ids) {
      const found = await pathOf(cdp, id, ids.length === 1 ? probe : undefined);
      if (found?.path) paths.push(found.path);
      probed = found?.probed;
    }
    const label = recordedQuery(q, q.framePath);
    return { label, locator: locatorOfPaths(frame, paths), count: paths.length, probed: paths.length === 1 ? probed : undefined };
  } catch {
    if (own) forgetFrameSession(frame);
    return undefined;
  }
}

/** The frame a DevTools `frame` path names: child frames by index, as Puppeteer counts them. */
export function childFrame(page: Page, path: readonly number[]): Frame | undefined {
  let frame: Frame | undefined = page.mainFrame();
  for (const i of path) frame = frame?.childFrames()[i];
  return frame;
}

/** The backend node id of the document of the frame at `path` (CDP frame tree, same indexes). */
async function documentOf(cdp: CDPSession, path: readonly number[]): Promise<number | undefined> {
  if (!path.length) return (await cdp.send('DOM.getDocument', { depth: 0 })).root.backendNodeId;
  let tree = (await cdp.send('Page.getFrameTree')).frameTree;
  for (const i of path) {
    const next = tree.childFrames?.[i];
    if (!next) return undefined;
    tree = next;
  }
  const owner = await cdp.send('DOM.getFrameOwner', { frameId: tree.frame.id });
  const { node } = await cdp.send('DOM.describeNode', { backendNodeId: owner.backendNodeId, depth: 1, pierce: true });
  return node.contentDocument?.backendNodeId;
}

/** A Playwright selector for this one node (elementPathInPage) and the probe's answer on it. */
async function pathOf(cdp: CDPSession, backendNodeId: number, probe?: Probe): Promise<{ path?: string; probed?: unknown } | undefined> {
  const { object } = await cdp.send('DOM.resolveNode', { backendNodeId });
  if (!object.objectId) return undefined;
  try {
    const { result } = await cdp.send('Runtime.callFunctionOn', {
      objectId: object.objectId,
      returnByValue: true,
      arguments: [{ value: probe?.arg ?? null }],
      functionDeclaration: `function (arg) {
        if (this.nodeType !== 1) return undefined;
        const probed = ${probe ? `(${probe.run.toString()})(this, arg)` : 'undefined'};
        return { path: (${elementPathInPage.toString()})(this), probed };
      }`,
    });
    const value = result.value as { path?: unknown; probed?: unknown } | undefined;
    return typeof value?.path === 'string' ? { path: value.path, probed: value.probed } : undefined;
  } finally {
    // Not waited for: nothing depends on the release, and the answer costs a round trip.
    void cdp.send('Runtime.releaseObject', { objectId: object.objectId }).catch(() => undefined);
  }
}
