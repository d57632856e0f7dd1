import type { Action } from '../../ir/index.js';
import type { StepEffect } from '../../ir/results.js';

/**
 * The mark of a passed step whose action has no postcondition of its own (or whose check was
 * not reached): says, for each kind, why nothing was checked — or that there is nothing to.
 */
export function defaultMark(action: Action): StepEffect {
  switch (action.type) {
    case 'noop':
      return { status: 'none', detail: 'a recorded step that does nothing' };
    case 'stop':
      return { status: 'none', detail: 'the agent declared the task finished' };
    case 'wait':
      return action.elements || action.selector || action.expression || action.until
        ? { status: 'checked', detail: 'the awaited condition held' }
        : { status: 'none', detail: 'a timed wait' };
    case 'assertText':
    case 'assertValue':
    case 'assertChecked':
    case 'assertVisible':
    case 'assertSnapshot':
      return { status: 'checked', detail: 'the assertion held' };
    case 'openPage':
    case 'newTab':
      return { status: 'checked', detail: 'a page is open' };
    case 'switchPage':
      return { status: 'checked', detail: 'that tab is the current one' };
    case 'closePage':
      return { status: 'checked', detail: 'the page is closed' };
    case 'reload':
      return { status: 'checked', detail: 'the page reloaded' };
    case 'setViewport':
      return { status: 'checked', detail: `the viewport is ${action.width}×${action.height}` };
    case 'press':
      return { status: 'unverified', detail: 'the key was sent; its target could not be held to watch for its answer' };
    case 'keyDown':
      // Any other key held down is judged by the page's answer (key-answer.ts).
      return { status: 'unverified', detail: 'a modifier key held for what comes next has no answer of its own to check' };
    case 'keyUp':
      return { status: 'unverified', detail: 'a key released: what the key did is judged at its keyDown' };
    case 'drag':
      return { status: 'unverified', detail: 'what a drag moved cannot be checked in general' };
    case 'hoverPoint':
      return { status: 'unverified', detail: 'the recording names no element at the point to check' };
    case 'clickPoint':
      return { status: 'unverified', detail: 'the recording names no element at the point and has no screenshot of it to compare' };
    case 'setInputFiles':
      return { status: 'unverified', detail: 'the files the input holds were not read back' };
    default:
      return { status: 'unverified', detail: `no postcondition was checked for ${action.type}` };
  }
}
