import { h, type Child } from './dom.js';

// Small pieces used by both views: status badges, chips and the copy-to-clipboard button.

export const STATUS_LABEL: Record<string, string> = {
  passed: 'passed',
  failed: 'failed',
  error: 'error',
  skipped: 'skipped',
  'needs-input': 'needs input',
};

export const badge = (status: string, testid?: string) =>
  h('span', { class: `badge b-${status}`, 'data-testid': testid }, STATUS_LABEL[status] ?? status);
export const chip = (text: Child, cls = '', title?: string) => h('span', { class: `chip ${cls}`, title }, text);

export function copyButton(text: string): HTMLElement {
  const b = h('button', { class: 'copy', type: 'button', title: 'copy to the clipboard' }, 'copy');
  b.addEventListener('click', () => {
    void navigator.clipboard?.writeText(text).then(() => {
      b.textContent = 'copied';
      setTimeout(() => (b.textContent = 'copy'), 1200);
    });
  });
  return b;
}
