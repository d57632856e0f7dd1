import type { Action, ElementsWait } from './action.js';
import type { Target } from './target.js';
import { queryAlternativeAt, recordedQuery } from './recorded-query.js';

/** The element in words, from the most human of its recorded descriptions. */
export function describeTarget(target: Target | undefined): string {
  if (!target) return 'the focused element';
  if (target.description) return target.description;
  for (const l of target.locate) {
    switch (l.kind) {
      case 'role':
        return l.name ? `${l.role} "${l.name}"` : l.role;
      case 'text':
        return `text "${l.text}"`;
      case 'label':
        return `field labelled "${l.text}"`;
      case 'placeholder':
        return `field "${l.text}"`;
      case 'alt':
        return `image "${l.text}"`;
      case 'title':
        return `element titled "${l.text}"`;
      case 'testId':
        return `test id "${l.testId}"`;
      case 'aria':
        return l.name ? `${l.role ?? 'element'} "${l.name}"` : (l.role ?? 'element');
      case 'textContains':
        return `element containing "${l.text}"`;
      default:
        break;
    }
  }
  const first = target.locate[0]!;
  switch (first.kind) {
    case 'selector':
      return first.selector;
    case 'css':
      return first.css;
    case 'xpath':
      return first.xpath;
    case 'backendNodeId':
      return `node ${first.backendNodeId}`;
    case 'fingerprint':
      return first.text ? `${first.tag ?? 'element'} "${first.text}"` : (first.tag ?? 'element');
    case 'box':
      return `element at (${Math.round(first.box.x)}, ${Math.round(first.box.y)})`;
    default:
      return 'element';
  }
}

/** One line a person can read, e.g. `click button "Submit"`. */
export function describeAction(action: Action): string {
  switch (action.type) {
    case 'openPage':
      return action.url ? `open page ${action.url}` : 'open page';
    case 'closePage':
      return 'close page';
    case 'navigate':
      return `go to ${action.url}`;
    case 'goBack':
      return 'go back';
    case 'goForward':
      return 'go forward';
    case 'reload':
      return 'reload';
    case 'switchPage':
      return `switch to tab ${action.pageIndex}`;
    case 'newTab':
      return 'open a new tab';
    case 'setViewport':
      return `set viewport ${action.width}×${action.height}`;
    case 'click': {
      const how =
        action.clickCount === 2
          ? 'double-click'
          : action.button === 'right'
            ? 'right-click'
            : action.button === 'left'
              ? 'click'
              : `${action.button}-button click`;
      const mods = action.modifiers.length ? `${action.modifiers.join('+')}+` : '';
      return `${mods}${how} ${describeTarget(action.target)}`;
    }
    case 'hover':
      return `hover ${describeTarget(action.target)}`;
    case 'check':
      return `check ${describeTarget(action.target)}`;
    case 'uncheck':
      return `uncheck ${describeTarget(action.target)}`;
    case 'fill':
      return `fill ${describeTarget(action.target)} with "${oneLine(action.text)}"`;
    case 'type':
      return `type "${oneLine(action.text)}" into ${describeTarget(action.target)}`;
    case 'clear':
      return `clear ${describeTarget(action.target)}`;
    case 'press':
      return `press ${[...action.modifiers, action.key].join('+')} on ${describeTarget(action.target)}`;
    case 'keyDown':
      return `key down ${action.key}`;
    case 'keyUp':
      return `key up ${action.key}`;
    case 'select':
      return `select ${action.options.map((o) => `"${o}"`).join(', ')} in ${describeTarget(action.target)}`;
    case 'setInputFiles':
      return `attach ${action.files.join(', ') || 'no files'} to ${describeTarget(action.target)}`;
    case 'clickPoint':
      return `click at (${action.point.x}, ${action.point.y})`;
    case 'hoverPoint':
      return `move the mouse to (${action.point.x}, ${action.point.y})`;
    case 'drag':
      return `drag from (${action.from.x}, ${action.from.y}) to (${action.to.x}, ${action.to.y})`;
    case 'scroll':
      if (action.to) return `scroll ${action.target ? `${describeTarget(action.target)} ` : ''}to (${action.to.x}, ${action.to.y})`;
      return `scroll ${action.dy < 0 || action.dx < 0 ? 'up' : 'down'} ${Math.abs(action.dy || action.dx)}${action.unit === 'px' ? ' px' : Math.abs(action.dy || action.dx) === 1 ? ' screen' : ' screens'}`;
    case 'wait':
      if (action.elements) return `wait for ${describeElementsWait(action.elements)}`;
      return action.ms !== undefined
        ? `wait ${action.ms} ms`
        : `wait for ${action.selector ?? action.expression ?? action.until ?? 'the page'}`;
    case 'stop':
      return action.answer !== undefined ? `stop with answer "${action.answer}"` : 'stop';
    case 'noop':
      return action.unsupported ? `(not supported) ${action.note ?? action.unsupported}` : 'do nothing';
    case 'emulateNetwork':
      return !action.download && !action.upload
        ? 'go offline'
        : `throttle the network to ${action.download} B/s down, ${action.upload} B/s up, ${action.latency} ms latency`;
    case 'assertText':
      return `expect ${describeTarget(action.target)} to ${action.substring ? 'contain' : 'have'} text "${action.text}"`;
    case 'assertValue':
      return `expect ${describeTarget(action.target)} to have value "${action.value}"`;
    case 'assertChecked':
      return `expect ${describeTarget(action.target)} to be ${action.checked ? 'checked' : 'unchecked'}`;
    case 'assertVisible':
      return `expect ${describeTarget(action.target)} to be visible`;
    case 'assertSnapshot':
      return `expect ${describeTarget(action.target)} to match its aria snapshot`;
  }
}

/** In words: "at least 1 match of css=#q with name="q"". */
function describeElementsWait(w: ElementsWait): string {
  const how = w.operator === '>=' ? 'at least' : w.operator === '<=' ? 'at most' : 'exactly';
  const has = [
    ...Object.entries(w.attributes ?? {}).map(([k, v]) => `${k}="${v}"`),
    ...Object.entries(w.properties ?? {}).map(([k, v]) => `.${k} = ${JSON.stringify(v)}`),
  ];
  // aria/ and text/ alternatives are counted as Puppeteer counts them: said as recorded, not as their approximations.
  const query = queryAlternativeAt(w, 0);
  const first = query ? recordedQuery(query) : w.selectors[0];
  const cond = `${how} ${w.count} match${w.count === 1 ? '' : 'es'} of ${first}${has.length ? ` with ${has.join(', ')}` : ''}`;
  return w.visible === false ? `no longer ${cond}` : cond;
}

/** Typed text on one line: a typed Enter (VWA's `[1]` flag, a textarea's line break) shows as `\n`. */
function oneLine(text: string): string {
  return text.replace(/\r?\n/g, '\\n');
}
