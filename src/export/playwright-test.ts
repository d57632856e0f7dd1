import { describeAction, type Action, type Episode, type Point, type Step } from '../ir/index.js';
import { applyInputs, episodePlaceholders, type Placeholder } from '../ir/inputs.js';
import { mapUrl, type UrlMapping } from '../ir/url-map.js';
import { envName, jsNumber, jsObject, jsString, lineComments } from './js-source.js';
import { boxCentre, locatorFor } from './locator.js';
import { DEFAULT_VIEWPORT } from '../ir/defaults.js';

export interface PlaywrightTestOptions {
  /** `--map-url FROM=TO`: recorded URLs starting with FROM are written with TO. */
  urlMappings?: UrlMapping[];
  /** The viewport when the recording names none (the replayer's default). */
  defaultViewport?: { width: number; height: number };
  /**
   * Names of params the user gave (`--param`/`--secret`): a recorded placeholder of that name
   * (rpaweb `anonymized_data`) is written as `process.env.NAME` instead of its recorded text.
   */
  inputs?: string[];
}

const I1 = '  ';
const I2 = '    ';

/** Recorded page aliases (`page`, `page1`, `page@<guid>`) as variable names: the first page is `page`. */
class PageNames {
  private readonly names = new Map<string, string>();
  private readonly taken = new Set<string>();
  /** Pages the test opens itself (popups, new pages): declared with `let` at the top. */
  readonly declared: string[] = [];

  constructor(first: string) {
    this.names.set(first, 'page');
    this.taken.add('page');
  }

  has(alias: string): boolean {
    return this.names.has(alias);
  }

  get(alias: string): string {
    let name = this.names.get(alias);
    if (name) return name;
    if (/^page\d+$/.test(alias) && !this.taken.has(alias)) name = alias;
    else for (let i = 1; !name; i++) if (!this.taken.has(`page${i}`)) name = `page${i}`;
    this.names.set(alias, name);
    this.taken.add(name);
    this.declared.push(name);
    return name;
  }
}

/** What the generated file needs besides the steps. */
interface Needs {
  expect: boolean;
  context: boolean;
  inputs: Map<string, string | undefined>;
}

/**
 * An episode as a readable `@playwright/test` spec: `test('<instruction>', …)` with one
 * `test.step('<step in words>', …)` per recorded step, getBy* locators where the recording has
 * an exact one, the recorded step text as comments, popups/downloads/dialogs handled the way
 * codegen writes them, `--map-url` applied to every URL, values only the user knows read from
 * `process.env`, and the recorder's assertions as `expect(…)`.
 */
export function playwrightTest(episode: Episode, options: PlaywrightTestOptions = {}): string {
  const urls = (url: string) => mapUrl(url, options.urlMappings ?? []);
  const viewport = episode.steps.find((s) => s.before?.viewport)?.before?.viewport ?? options.defaultViewport ?? DEFAULT_VIEWPORT;
  const pages = new PageNames(episode.steps[0]?.page ?? 'page');
  const needs: Needs = { expect: false, context: false, inputs: new Map() };
  const placeholders = episodePlaceholders(episode);

  const body: string[] = [];
  for (const step of episode.steps) {
    const lines = stepLines(step, {
      pages,
      needs,
      urls,
      viewport,
      first: step === episode.steps[0],
      placeholders,
      given: options.inputs ?? [],
    });
    const title = describeAction(step.action);
    body.push(`${I1}await test.step(${jsString(title)}, async () => {`, ...lines.map((l) => (l ? `${I2}${l}` : l)), `${I1}});`);
  }

  const imports = ['test', ...(needs.expect ? ['expect'] : []), ...(pages.declared.length ? ['type Page'] : [])];
  const header: string[] = [
    ...lineComments(`Exported by replaywright from episode ${episode.id} (${episode.format})`),
    ...lineComments(`recorded in ${episode.source.file}${episode.source.line ? `:${episode.source.line}` : ''}`),
  ];
  for (const m of options.urlMappings ?? []) header.push(...lineComments(`URLs starting with ${m.from} are replayed at ${m.to}`));
  for (const [env, prompt] of needs.inputs) header.push(...lineComments(`set ${env} in the environment${prompt ? `: ${prompt}` : ''}`));

  const out: string[] = [...header, `import { ${imports.join(', ')} } from '@playwright/test';`, ''];
  if (needs.inputs.size) {
    out.push(
      '/** A value only the user knows (the recording marked the step as needing input). */',
      'function input(name: string): string {',
      `${I1}const value = process.env[name];`,
      `${I1}if (value === undefined) throw new Error(\`set \${name} in the environment: this step needs a value only the user knows\`);`,
      `${I1}return value;`,
      '}',
      '',
    );
  }
  out.push(`test.use({ viewport: { width: ${viewport.width}, height: ${viewport.height} } });`, '');
  const fixtures = needs.context ? '{ page, context }' : '{ page }';
  out.push(`test(${jsString(episode.instruction?.trim() || episode.id)}, async (${fixtures}) => {`);
  if (pages.declared.length) out.push(`${I1}let ${pages.declared.map((p) => `${p}: Page`).join(', ')};`, '');
  out.push(...body, '});', '');
  return out.join('\n');
}

interface StepEnv {
  pages: PageNames;
  needs: Needs;
  urls: (url: string) => string;
  viewport: { width: number; height: number };
  first: boolean;
  placeholders: Placeholder[];
  given: string[];
}

/** Marks a param's place in substituted text, so it can become `input('NAME')` in the source. */
const MARK = '\u0000';
const MARKED = /\u0000([^\u0000]*)\u0000/;

/**
 * The step's action with every param it uses marked in its text, and a function writing such
 * text as source: literals joined with `input('NAME')` (needed inputs always; recorded
 * placeholders when the user named their param).
 */
function markedInputs(step: Step, env: StepEnv): { action: Action; source?: (text: string) => string | undefined } {
  const names = [...env.given, ...(step.needsInput ? [step.needsInput.param] : [])];
  const marks = Object.fromEntries(names.map((n) => [n, `${MARK}${n}${MARK}`]));
  const applied = applyInputs(step, env.placeholders, marks);
  if (!('used' in applied) || applied.used.length === 0) return { action: step.action };
  for (const name of applied.used) {
    const env_ = envName(name);
    env.needs.inputs.set(env_, step.needsInput?.param === name ? step.needsInput.prompt : undefined);
  }
  const source = (text: string) => {
    if (!MARKED.test(text)) return undefined;
    const parts = text.split(MARKED); // literal, name, literal, name, …, literal
    const pieces = parts.map((p, i) => (i % 2 ? `input(${jsString(envName(p))})` : p ? jsString(p) : '')).filter(Boolean);
    return pieces.join(' + ');
  };
  return { action: applied.action, source };
}

function stepLines(step: Step, env: StepEnv): string[] {
  const lines: string[] = [];
  if (step.note) lines.push(...lineComments(`recorded: ${step.note}`));
  const p = env.pages.get(step.page);

  const marked = markedInputs(step, env);
  if (step.needsInput)
    lines.push(...lineComments(`needs input: the recorded value is replaced by process.env.${envName(step.needsInput.param)}`));
  else if (marked.source) lines.push(...lineComments('a recorded placeholder is replaced by a value from the environment'));

  const before: string[] = [];
  const after: string[] = [];
  let downloads = 0;
  for (const e of step.expect) {
    switch (e.kind) {
      case 'visible':
        env.needs.expect = true;
        before.push(`await expect(${p}.locator(${jsString(e.selector)})).toBeVisible();`);
        break;
      case 'popup': {
        const popup = env.pages.get(e.page);
        before.push(`const ${popup}Promise = ${p}.waitForEvent('popup');`);
        after.push(`${popup} = await ${popup}Promise;`);
        break;
      }
      case 'download': {
        const name = downloads ? `download${downloads}` : 'download';
        downloads += 1;
        before.push(`const ${name}Promise = ${p}.waitForEvent('download');`);
        after.push(`const ${name} = await ${name}Promise;`, `await ${name}.path(); // the download completes`);
        break;
      }
      case 'dialog':
        before.push(
          e.response === 'accept'
            ? `${p}.once('dialog', (dialog) => dialog.accept(${e.promptText !== undefined ? jsString(e.promptText) : ''}).catch(() => {}));`
            : `${p}.once('dialog', (dialog) => dialog.dismiss().catch(() => {}));`,
        );
        break;
      case 'navigation':
        after.push(`await ${p}.waitForURL(${jsString(env.urls(e.url))});`);
        break;
    }
  }

  const action = actionLines(marked.action, p, marked.source, env);
  return [...lines, ...before, ...action, ...after];
}

function actionLines(a: Action, p: string, source: ((text: string) => string | undefined) | undefined, env: StepEnv): string[] {
  const str = (s: string) => source?.(s) ?? jsString(s);
  const loc = (): string | undefined => ('target' in a && a.target ? locatorFor(p, a.target) : undefined);
  const withLoc = (f: (l: string) => string[]): string[] => {
    const l = loc();
    if (l) return f(l);
    return notExported(`no selector or text to find ${describeAction(a)} by`);
  };
  const expectOn = (f: (l: string) => string) =>
    withLoc((l) => {
      env.needs.expect = true;
      return [f(l)];
    });
  const point = (pt: Point) => scalePoint(pt, env.viewport);

  switch (a.type) {
    case 'openPage': {
      const url = a.url && a.url !== 'about:blank' ? env.urls(a.url) : undefined;
      if (env.first || p === 'page') return url ? [`await ${p}.goto(${jsString(url)});`] : ['// the test starts on a blank page'];
      env.needs.context = true;
      return [`${p} = await context.newPage();`, ...(url ? [`await ${p}.goto(${jsString(url)});`] : [])];
    }
    case 'closePage':
      return [`await ${p}.close();`];
    case 'navigate':
      return [`await ${p}.goto(${jsString(env.urls(a.url))});`];
    case 'goBack':
      return [`await ${p}.goBack();`];
    case 'goForward':
      return [`await ${p}.goForward();`];
    case 'reload':
      return [`await ${p}.reload();`];
    case 'switchPage':
      env.needs.context = true;
      return [`await context.pages()[${a.pageIndex}]?.bringToFront();`];
    case 'newTab':
      env.needs.context = true;
      return ['await context.newPage();'];
    case 'setViewport':
      return [`await ${p}.setViewportSize({ width: ${a.width}, height: ${a.height} });`];
    case 'click': {
      const l = loc();
      const opts = jsObject([
        ['button', a.button !== 'left' ? jsString(a.button) : undefined],
        ['modifiers', a.modifiers.length ? `[${a.modifiers.map(jsString).join(', ')}]` : undefined],
        ['clickCount', a.clickCount > 2 ? String(a.clickCount) : undefined],
        ['position', a.position ? `{ x: ${jsNumber(a.position.x)}, y: ${jsNumber(a.position.y)} }` : undefined],
      ]);
      const method = a.clickCount === 2 ? 'dblclick' : 'click';
      if (l) return [`await ${l}.${method}(${opts});`];
      const centre = boxCentre(a.target);
      if (centre)
        return [
          '// only the recorded box is known: click its centre',
          `await ${p}.mouse.${method}(${jsNumber(centre.x)}, ${jsNumber(centre.y)});`,
        ];
      return notExported(`no selector or box to find ${describeAction(a)} by`);
    }
    case 'hover': {
      const l = loc();
      if (l)
        return [`await ${l}.hover(${a.position ? `{ position: { x: ${jsNumber(a.position.x)}, y: ${jsNumber(a.position.y)} } }` : ''});`];
      const centre = boxCentre(a.target);
      if (centre)
        return [
          '// only the recorded box is known: move to its centre',
          `await ${p}.mouse.move(${jsNumber(centre.x)}, ${jsNumber(centre.y)});`,
        ];
      return notExported(`no selector or box to find ${describeAction(a)} by`);
    }
    case 'check':
      return withLoc((l) => [`await ${l}.check();`]);
    case 'uncheck':
      return withLoc((l) => [`await ${l}.uncheck();`]);
    case 'clear':
      return withLoc((l) => [`await ${l}.clear();`]);
    case 'fill':
      return withLoc((l) => [`await ${l}.fill(${str(a.text)});`]);
    case 'type':
      return a.target ? withLoc((l) => [`await ${l}.pressSequentially(${str(a.text)});`]) : [`await ${p}.keyboard.type(${str(a.text)});`];
    case 'press': {
      const combo = jsString([...a.modifiers, a.key].join('+'));
      return a.target ? withLoc((l) => [`await ${l}.press(${combo});`]) : [`await ${p}.keyboard.press(${combo});`];
    }
    case 'keyDown':
      return [`await ${p}.keyboard.down(${jsString(a.key)});`];
    case 'keyUp':
      return [`await ${p}.keyboard.up(${jsString(a.key)});`];
    case 'select': {
      const one = (o: string) => (a.by === 'label' ? `{ label: ${str(o)} }` : str(o));
      const arg = a.options.length === 1 ? one(a.options[0]!) : `[${a.options.map(one).join(', ')}]`;
      return withLoc((l) => [`await ${l}.selectOption(${arg});`]);
    }
    case 'setInputFiles': {
      const files = `[${a.files.map(jsString).join(', ')}]`;
      const note = '// file names as recorded, relative to the folder the test runs in';
      return a.target
        ? withLoc((l) => [note, `await ${l}.setInputFiles(${files});`])
        : notExported('a file upload without a target element');
    }
    case 'clickPoint': {
      const { x, y } = point(a.point);
      const opts = jsObject([
        ['button', a.button !== 'left' ? jsString(a.button) : undefined],
        ['clickCount', a.clickCount !== 1 ? String(a.clickCount) : undefined],
      ]);
      return [`await ${p}.mouse.click(${jsNumber(x)}, ${jsNumber(y)}${opts ? `, ${opts}` : ''});`];
    }
    case 'hoverPoint': {
      const { x, y } = point(a.point);
      return [`await ${p}.mouse.move(${jsNumber(x)}, ${jsNumber(y)});`];
    }
    case 'drag': {
      const from = point(a.from);
      const to = point(a.to);
      return [
        `await ${p}.mouse.move(${jsNumber(from.x)}, ${jsNumber(from.y)});`,
        `await ${p}.mouse.down();`,
        `await ${p}.mouse.move(${jsNumber(to.x)}, ${jsNumber(to.y)}, { steps: 10 });`,
        `await ${p}.mouse.up();`,
      ];
    }
    case 'scroll': {
      if (a.to) {
        const to = `{ x: ${jsNumber(a.to.x)}, y: ${jsNumber(a.to.y)} }`;
        return a.target
          ? withLoc((l) => [`await ${l}.evaluate((el, to) => { el.scrollLeft = to.x; el.scrollTop = to.y; }, ${to});`])
          : [`await ${p}.evaluate((to) => window.scroll(to.x, to.y), ${to});`];
      }
      const dx = a.unit === 'viewport' ? a.dx * env.viewport.width : a.dx;
      const dy = a.unit === 'viewport' ? a.dy * env.viewport.height : a.dy;
      const wheel = `await ${p}.mouse.wheel(${jsNumber(dx)}, ${jsNumber(dy)});`;
      return a.target ? withLoc((l) => [`await ${l}.hover();`, wheel]) : [wheel];
    }
    case 'wait':
      if (a.elements) {
        const w = a.elements;
        env.needs.expect = true;
        const matcher = { '>=': 'toBeGreaterThanOrEqual', '==': 'toBe', '<=': 'toBeLessThanOrEqual' }[w.operator];
        const count = `async () => { for (const s of [${w.selectors.map(jsString).join(', ')}]) { const n = await ${p}.locator(s).count(); if (n) return n; } return 0; }`;
        return [
          ...(w.attributes || w.properties
            ? lineComments(`not exported: every match must also have ${JSON.stringify({ ...w.attributes, ...w.properties })}`)
            : []),
          `await expect.poll(${count}).${w.visible === false ? 'not.' : ''}${matcher}(${jsNumber(w.count)});`,
        ];
      }
      if (a.ms !== undefined) return [`await ${p}.waitForTimeout(${jsNumber(a.ms)});`];
      if (a.until) return [`await ${p}.waitForLoadState(${jsString(a.until)});`];
      if (a.selector) return [`await ${p}.locator(${jsString(a.selector)}).waitFor();`];
      if (a.expression) return [`await ${p}.waitForFunction(${jsString(a.expression)});`];
      return [`await ${p}.waitForLoadState();`];
    case 'stop':
      return lineComments(a.answer !== undefined ? `the agent stopped here, answering: ${a.answer}` : 'the agent stopped here');
    case 'noop':
      if (a.unsupported) return notExported(a.unsupported);
      return lineComments(a.note ? `nothing to do (${a.note})` : 'nothing to do');
    case 'emulateNetwork':
      return [
        `await (await ${p}.context().newCDPSession(${p})).send('Network.emulateNetworkConditions', { offline: ${!a.download && !a.upload}, downloadThroughput: ${jsNumber(a.download)}, uploadThroughput: ${jsNumber(a.upload)}, latency: ${jsNumber(a.latency)} });`,
      ];
    case 'assertText':
      return expectOn((l) => `await expect(${l}).${a.substring ? 'toContainText' : 'toHaveText'}(${jsString(a.text)});`);
    case 'assertValue':
      return expectOn((l) => `await expect(${l}).toHaveValue(${jsString(a.value)});`);
    case 'assertChecked':
      return expectOn((l) => `await expect(${l}).${a.checked ? 'toBeChecked()' : 'not.toBeChecked()'};`);
    case 'assertVisible':
      return expectOn((l) => `await expect(${l}).toBeVisible();`);
    case 'assertSnapshot':
      return a.snapshot !== undefined
        ? expectOn((l) => `await expect(${l}).toMatchAriaSnapshot(${jsString(a.snapshot!)});`)
        : [
            '// the recording has no aria snapshot text to compare (recorder ≥1.55 drops it)',
            ...expectOn((l) => `await expect(${l}).toBeVisible();`),
          ];
  }
}

/** A step the test cannot do: said in a comment, and the test stops there rather than pass silently. */
function notExported(why: string): string[] {
  return [...lineComments(`not exported: ${why}`), `throw new Error(${jsString(`not exported: ${why}`)});`];
}

/** A recorded point in CSS px of the test's viewport. */
function scalePoint(pt: Point, viewport: { width: number; height: number }): { x: number; y: number } {
  if (pt.units === 'fraction') return { x: pt.x * viewport.width, y: pt.y * viewport.height };
  if (pt.viewport) return { x: (pt.x * viewport.width) / pt.viewport.width, y: (pt.y * viewport.height) / pt.viewport.height };
  return { x: pt.x, y: pt.y };
}
